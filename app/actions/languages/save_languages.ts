import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import changeBus from '#services/change_bus'
import translationCache from '#services/translation_cache'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { UserFacingException } from '#exceptions/user_facing_exception'
import {
  languageListProblems,
  languageNames,
  removalNeedsConfirmation,
  removedLanguages,
  type LanguageEntry,
} from '#domain/languages'

export interface SaveLanguagesInput extends StaffContext {
  entries: LanguageEntry[]
  /** The staff member agreed that the translations of the languages removed are deleted. */
  confirm?: boolean
}

/**
 * Replaces the languages list (admin spec §2 Languages: name and code pairs
 * saved as a whole), matching pairs by code: a kept code keeps its row and
 * translations (its name may change), a new code is added, a missing code
 * is removed. English cannot go (422). Removing a language that has
 * translation rows deletes them, so without `confirm` the save is refused
 * with 409 and how many would go; with it, languages and rows go together.
 * One transaction with its audit row; afterwards every process drops its
 * cached list and dictionaries.
 */
export async function saveLanguages(input: SaveLanguagesInput) {
  const problems = languageListProblems(input.entries)
  if (problems.length > 0) throw UserFacingException.forFields(problems)
  const now = DateTime.now().toSQL({ includeOffset: false })

  const removed = await db.transaction(async (trx) => {
    // Locks the list on PostgreSQL, so two saves cannot interleave (SQLite runs one writer at a time).
    const query = trx.from('languages').orderBy('id', 'asc')
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const old: { id: number; name: string; code: string }[] = await query
    const gone = removedLanguages(old, input.entries)
    const goneCodes = gone.map((l) => l.code)

    let deleted = 0
    if (goneCodes.length > 0) {
      const counted = await trx
        .from('translations')
        .whereIn('code', goneCodes)
        .count('* as total')
        .first()
      deleted = Number(counted?.total ?? 0)
      if (deleted > 0 && !input.confirm) {
        throw new UserFacingException(removalNeedsConfirmation(gone, deleted), {
          status: 409,
          code: 'E_CONFIRM_REMOVAL',
        })
      }
      await trx.from('translations').whereIn('code', goneCodes).delete()
      await trx.from('languages').whereIn('code', goneCodes).delete()
    }

    const byCode = new Map(old.map((l) => [l.code, l]))
    for (const entry of input.entries) {
      const existing = byCode.get(entry.code)
      if (!existing) {
        await trx
          .table('languages')
          .insert({ name: entry.name, code: entry.code, created_at: now, updated_at: now })
      } else if (existing.name !== entry.name) {
        await trx
          .from('languages')
          .where('id', existing.id)
          .update({ name: entry.name, updated_at: now })
      }
    }

    // New languages join at the end: the pickers list languages in the order they were added.
    const kept = new Set(old.map((l) => l.code))
    const after = [
      ...old
        .filter((l) => !goneCodes.includes(l.code))
        .map((l) => input.entries.find((e) => e.code === l.code)!),
      ...input.entries.filter((e) => !kept.has(e.code)),
    ]
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'language.update',
      target: { type: 'language', id: null },
      before: { languages: languageNames(old), translationsDeleted: 0 },
      after: { languages: languageNames(after), translationsDeleted: deleted },
    })
    return goneCodes
  })

  changeBus.announce('languages')
  for (const code of removed) translationCache.changed(code)
}
