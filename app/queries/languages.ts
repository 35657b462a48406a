import db from '@adonisjs/lucid/services/db'
import Language from '#models/language'
import Translation from '#models/translation'
import { LANGUAGE_CODE } from '#domain/languages'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'
import { likePattern, pageOf, sortedBy } from '#queries/paginate'
import { languageRow, translationRow } from '#transformers/language_transformer'

/** A reported key waiting for its text. */
const UNTRANSLATED = `("value" IS NULL OR TRIM("value") = '')`

/** The languages in list order (the order pickers show), each with its row counts. */
export async function languageList() {
  const languages = await Language.query().orderBy('id', 'asc')
  const counts: { code: string; total: number | string; untranslated: number | string }[] = await db
    .from('translations')
    .select('code')
    .count('* as total')
    .select(db.raw(`SUM(CASE WHEN ${UNTRANSLATED} THEN 1 ELSE 0 END) as untranslated`))
    .groupBy('code')
  const byCode = new Map(counts.map((c) => [c.code, c]))
  return languages.map((l) =>
    languageRow(l, {
      translations: Number(byCode.get(l.code)?.total ?? 0),
      untranslated: Number(byCode.get(l.code)?.untranslated ?? 0),
    })
  )
}

/** The language with this code; 404 when there is none (a malformed code names none either). */
export async function findLanguageOrFail(code: string): Promise<Language> {
  const language = LANGUAGE_CODE.test(code) ? await Language.findBy('code', code) : null
  if (!language) throw new NotFoundException()
  return language
}

const SORTABLE = { id: 'id', key: 'key' }

/**
 * GET /admin/languages/api/{code}: one page of a language's rows. The keys
 * visitors reported and nobody has translated yet come first (then the
 * chosen sort, newest first by default), so they are the rows staff see and
 * fill; `status` shows only those, or only the translated ones. The search
 * matches the key or the value, case-insensitively, its wildcards literal.
 */
export function translationPage(
  code: string,
  options: {
    page?: number
    limit?: number
    search?: string
    status?: 'untranslated' | 'translated'
    sort?: string
    order?: 'asc' | 'desc'
  }
) {
  const query = Translation.query().where('code', code)
  if (options.status === 'untranslated') query.whereRaw(UNTRANSLATED)
  if (options.status === 'translated') query.whereRaw(`NOT ${UNTRANSLATED}`)
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER("key") LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER("value") LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  query.orderByRaw(`CASE WHEN ${UNTRANSLATED} THEN 0 ELSE 1 END`)
  sortedBy(query, options, SORTABLE)
  return pageOf(query, options, translationRow)
}

/** The translation row with this id; 404 when there is none. */
export async function findTranslationOrFail(id: number): Promise<Translation> {
  const translation = isStorableId(id) ? await Translation.find(id) : null
  if (!translation) throw new NotFoundException()
  return translation
}
