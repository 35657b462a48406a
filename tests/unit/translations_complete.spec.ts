import { test } from '@japa/runner'
import { SPANISH } from '#database/demo/translations'
import { scanPages, scanServer, type Found } from '#tests/helpers/translatable_texts'
import { SETTINGS_SCHEMAS, schemaTexts } from '#domain/settings_schema'

/**
 * Texts people never read in a translated screen: a provider's own error
 * words passed through to the API status page as the provider sent them.
 */
const NOT_FOR_TRANSLATION = new Set(['HTTP {status}{value}'])

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

function report(found: Found[]) {
  const byText = new Map<string, string[]>()
  for (const f of found) byText.set(f.text, [...(byText.get(f.text) ?? []), f.where])
  return [...byText]
    .map(([text, places]) => `${JSON.stringify(text)} (${places.slice(0, 2).join(', ')})`)
    .join('\n')
}

test.group(
  'every visible text is translated (specs: the translation key is the English text)',
  () => {
    test('no text is written into the markup without the translation function', ({ assert }) => {
      const { untranslated } = scanPages()
      assert.lengthOf(untranslated, 0, `wrap these in t():\n${report(untranslated)}`)
    }).timeout(20_000)

    test('the Spanish demo dictionary holds every key of the pages and every message of the server', ({
      assert,
    }) => {
      const { keys } = scanPages()
      const missing = [...keys, ...scanServer()].filter(
        (f) => !Object.hasOwn(SPANISH, f.text) && !NOT_FOR_TRANSLATION.has(f.text)
      )
      assert.lengthOf(missing, 0, `add to database/demo/translations.ts:\n${report(missing)}`)
    }).timeout(20_000)

    test('the settings forms built from schemas have every label and message translated', ({
      assert,
    }) => {
      const missing = SETTINGS_SCHEMAS.flatMap(schemaTexts).filter(
        (text) => !Object.hasOwn(SPANISH, text)
      )
      assert.deepEqual(missing, [], 'add to database/demo/translations.ts')
    })

    test('each Spanish text keeps the placeholders of its key', ({ assert }) => {
      for (const [key, value] of Object.entries(SPANISH)) {
        assert.deepEqual(placeholders(value), placeholders(key), key)
        assert.isAbove(value.trim().length, 0, key)
      }
    })
  }
)
