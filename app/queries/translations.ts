import Translation from '#models/translation'

/** A language's filled translations as a key → text map (a blank value is a key still to translate). */
export async function translationsFor(code: string): Promise<Record<string, string>> {
  const rows = await Translation.query().where('code', code).whereNotNull('value')
  return Object.fromEntries(
    rows.filter((t) => t.value!.trim() !== '').map((t) => [t.key, t.value as string])
  )
}
