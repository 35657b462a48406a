import Translation from '#models/translation'

/** A language's filled translations as a key → text map. */
export async function translationsFor(code: string): Promise<Record<string, string>> {
  const rows = await Translation.query().where('code', code).whereNotNull('value')
  return Object.fromEntries(rows.map((t) => [t.key, t.value as string]))
}
