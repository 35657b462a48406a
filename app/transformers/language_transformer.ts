import type Translation from '#models/translation'
import type { TranslationListRow } from '#domain/staff_lists/translations'

/** A row of a language's translation table (admin spec §2: ID, KEY, VALUE, ACTIONS); a reported key has no value yet. */
export function translationRow(t: Translation): TranslationListRow {
  return {
    id: t.id,
    code: t.code,
    key: t.key,
    value: t.value ?? '',
    untranslated: t.value === null || t.value.trim() === '',
  }
}

/** A pair of the languages list, with how many rows it holds (what a removal would delete) and how many wait for a text. */
export function languageRow(
  language: { name: string; code: string },
  counts: { translations: number; untranslated: number }
) {
  return { name: language.name, code: language.code, ...counts }
}

export type LanguageRow = ReturnType<typeof languageRow>
