import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

/*
 * HeroUI's theme ships the classes of all its components (~250 kB) in one module of
 * @heroui/theme/dist, one `tv()` call per component. Rollup keeps a module whole, so every page
 * carried the classes of every component any page renders: that module was most of the ~56 kB
 * gzip chunk under every first load (issue 25 item 4). This plugin serves that module as a facade
 * over one module per component (its `// src/components/x.ts` section), so each page's chunks
 * carry the classes of the components it renders. Only the production build is split; the dev
 * server loads the package as it is.
 *
 * The split is by the sections the package's bundler marks: each part gets the module's own
 * imports (made absolute), imports what it uses of the other parts, and exports what it
 * declares. A module that does not have that shape is left as it is (a HeroUI upgrade that
 * changes it loses the saving, not the build: the bundle budget in scripts/bundle_probe.js says so).
 */

const PART = '\0heroui-theme-part:'
const THEME_CHUNK = /[\\/]@heroui[\\/]theme[\\/]dist[\\/]chunk-[A-Z0-9]+\.mjs$/
const SECTION = /^\/\/ src\/(.+)\.ts$/
const DECLARATION = /^(?:var|let|const|function)\s+([A-Za-z_$][\w$]*)/gm

interface Section {
  name: string
  code: string
  declares: string[]
}

/** Source with string literals and line comments blanked, so their words are not taken for names. */
function codeOnly(code: string) {
  return code
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/`(?:[^`\\]|\\.)*`/g, '``')
    .replace(/\/\/[^\n]*/g, '')
}

/** The module's sections, or null when it is not the components' module (fewer than 10 `tv()` sections). */
export function themeSections(code: string): { header: string; sections: Section[] } | null {
  const lines = code.split('\n')
  const starts = lines.flatMap((line, i) => (SECTION.test(line) ? [i] : []))
  const exportAt = lines.findIndex((line) => line.startsWith('export {'))
  if (starts.length < 10 || exportAt < starts[starts.length - 1]) return null
  const header = lines.slice(0, starts[0]).join('\n')
  if (
    !/^import\s/m.test(header) ||
    /\S/.test(header.replace(/import\s*{[^}]*}\s*from\s*"[^"]+";/g, ''))
  )
    return null
  const sections = starts.map((start, i) => {
    const body = lines.slice(start, starts[i + 1] ?? exportAt).join('\n')
    return {
      name: SECTION.exec(lines[start])![1],
      code: body,
      declares: [...body.matchAll(DECLARATION)].map((m) => m[1]),
    }
  })
  if (sections.filter((s) => /\btv\(/.test(s.code)).length < 10) return null
  return { header, sections }
}

/** The facade and the parts of one theme module (`id`: its path, for its relative imports). */
export function splitTheme(code: string, id: string) {
  const found = themeSections(code)
  if (!found) return null
  const here = dirname(id)
  const header = found.header.replace(
    /from\s*"(\.[^"]+)"/g,
    (_, path: string) => `from ${JSON.stringify(resolve(here, path))}`
  )
  const owner = new Map(found.sections.flatMap((s) => s.declares.map((d) => [d, s.name] as const)))
  const parts = new Map<string, string>()
  for (const section of found.sections) {
    const used = new Set(codeOnly(section.code).match(/\b[A-Za-z_$][\w$]*\b/g) ?? [])
    const fromOthers = new Map<string, string[]>()
    for (const name of used) {
      const from = owner.get(name)
      if (!from || from === section.name) continue
      fromOthers.set(from, [...(fromOthers.get(from) ?? []), name])
    }
    const imports = [...fromOthers].map(
      ([from, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(PART + from)};`
    )
    parts.set(
      PART + section.name,
      [header, ...imports, section.code, `export { ${section.declares.join(', ')} };`].join('\n')
    )
  }
  const facade = found.sections
    .filter((s) => s.declares.length)
    .map((s) => `export { ${s.declares.join(', ')} } from ${JSON.stringify(PART + s.name)};`)
    .join('\n')
  return { facade, parts }
}

export function splitHerouiTheme(): Plugin {
  const parts = new Map<string, string>()
  return {
    name: 'split-heroui-theme',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source.startsWith(PART) ? source : null
    },
    load(id) {
      if (id.startsWith(PART)) return parts.get(id) ?? null
      if (!THEME_CHUNK.test(id)) return null
      const split = splitTheme(readFileSync(id, 'utf8'), id)
      if (!split) return null
      for (const [partId, code] of split.parts) parts.set(partId, code)
      return split.facade
    },
  }
}
