/**
 * Translation lookup (specs: "the translation key is the English text").
 *
 * Keys may hold placeholders, `{name}`. The caller fills them
 * (`t('Total: {n}', { n: 5 })`), or the text arrives already filled from the
 * server ("Subscribed to Gold", a notification "Your deposit #12 of 100.00 USD
 * has been credited."): such a text is matched against the templates of the
 * dictionary, its values taken out, translated themselves when they are keys,
 * and put back into the translated template. So the server keeps sending
 * English and every text still reaches the reader in their language.
 */
export type Vars = Record<string, string | number>

interface Template {
  key: string
  names: string[]
  pattern: RegExp
}

export interface CompiledDictionary {
  exact: Record<string, string>
  templates: Template[]
}

const PLACEHOLDER = /\{(\w+)\}/g

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function compileTemplate(key: string): Template | null {
  const names: string[] = []
  let source = ''
  let last = 0
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(key.slice(last, match.index))
    source += '(.+?)'
    names.push(match[1])
    last = match.index! + match[0].length
  }
  if (names.length === 0) return null
  source += escapeRegExp(key.slice(last))
  return { key, names, pattern: new RegExp(`^${source}$`, 's') }
}

/** Prepares a language's key → text map for lookups; templates with more fixed text are tried first. */
export function compileDictionary(dictionary: Record<string, string>): CompiledDictionary {
  const templates = Object.keys(dictionary)
    .map(compileTemplate)
    .filter((t): t is Template => t !== null)
    .sort((a, b) => fixedLength(b.key) - fixedLength(a.key))
  return { exact: dictionary, templates }
}

function fixedLength(key: string) {
  return key.replace(PLACEHOLDER, '').length
}

/** Puts the values into a text's placeholders; unknown placeholders stay as they are. */
export function fillPlaceholders(text: string, vars?: Vars) {
  if (!vars) return text
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole
  )
}

/** How deep a filled text may nest another ("Deposit via Stripe (the gateway did not start the payment)"). */
const MAX_NESTING = 2

/**
 * The text in the dictionary's language, or undefined when the dictionary has
 * neither the key nor a template the text fits (the caller shows the English
 * and may report the key as missing).
 */
export function lookup(
  dictionary: CompiledDictionary,
  key: string,
  vars?: Vars,
  depth = 0
): string | undefined {
  const exact = dictionary.exact[key]
  if (exact !== undefined) return fillPlaceholders(exact, vars)
  if (vars || depth > MAX_NESTING) return undefined
  for (const template of dictionary.templates) {
    const match = template.pattern.exec(key)
    if (!match) continue
    const found: Vars = {}
    template.names.forEach((name, i) => {
      const value = match[i + 1]
      found[name] = lookup(dictionary, value, undefined, depth + 1) ?? value
    })
    return fillPlaceholders(dictionary.exact[template.key], found)
  }
  return undefined
}
