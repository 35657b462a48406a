/**
 * Languages and translations (admin spec §2 Languages, §3 Language and
 * Translation, §5). Browser-safe: the pages use the same rules.
 */

/** The language of the keys themselves (admin spec §1): it needs no rows and cannot be removed. */
export const ENGLISH = 'en'

/**
 * A language code as the app stores and routes it: a BCP 47-style primary
 * language subtag of 2 or 3 letters, optionally one region or script subtag
 * (es, pt-br, zh-hant), in lower case (input is lower-cased first, so 'pt-BR'
 * is saved as 'pt-br'), at most 12 characters (the column's size).
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/

/** The most languages the list may hold: a picker, not a catalogue. */
export const MAX_LANGUAGES = 50

export const LIMITS = { name: 64, key: 500, value: 5000 } as const

export const ENGLISH_CANNOT_BE_REMOVED = 'English (en) cannot be removed'
export const DUPLICATE_CODE = 'Each language code may appear only once'

export interface LanguageEntry {
  name: string
  code: string
}

/** What is wrong with a language list as a whole (per-entry shape is the validator's): field → message. */
export function languageListProblems(
  entries: LanguageEntry[]
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  const seen = new Set<string>()
  entries.forEach((entry, i) => {
    if (seen.has(entry.code))
      problems.push({ field: `lotSelector.${i}.code`, message: DUPLICATE_CODE })
    seen.add(entry.code)
  })
  if (!seen.has(ENGLISH))
    problems.unshift({ field: 'lotSelector', message: ENGLISH_CANNOT_BE_REMOVED })
  return problems
}

/** The languages of `before` missing from `after` (by code): the ones a save removes. */
export function removedLanguages(before: LanguageEntry[], after: LanguageEntry[]) {
  const kept = new Set(after.map((l) => l.code))
  return before.filter((l) => !kept.has(l.code))
}

/** "Español (es), Deutsch (de)": how messages and the audit log name languages. */
export function languageNames(entries: LanguageEntry[]) {
  return entries.map((l) => `${l.name} (${l.code})`).join(', ')
}

/** Why a save that removes languages with translations waits for a confirmation. */
export function removalNeedsConfirmation(removed: LanguageEntry[], translations: number) {
  const languages = languageNames(removed)
  return translations === 1
    ? `Removing ${languages} will delete 1 translation`
    : `Removing ${languages} will delete ${translations} translations`
}

const PLACEHOLDER = /\{(\w+)\}/g

/** The `{name}` placeholders of a text, sorted and without repeats. */
export function placeholdersOf(text: string) {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort()
}

/**
 * A translation must keep its key's placeholders, no more and no fewer: the
 * page fills them with numbers and names ('Total: {n}'), so a lost one drops
 * the value and an unknown one shows as '{x}' to customers.
 */
export function placeholderProblem(key: string, value: string): string | null {
  const wanted = placeholdersOf(key)
  const given = placeholdersOf(value)
  if (wanted.join(',') === given.join(',')) return null
  if (wanted.length === 0) return 'The value may not hold placeholders in braces: its key has none'
  const placeholders = wanted.map((p) => `{${p}}`).join(' ')
  return `The value must keep the placeholders of the key: ${placeholders}`
}
