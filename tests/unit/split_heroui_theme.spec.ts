import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'acorn'
import { splitTheme, themeSections } from '../../vite/split_heroui_theme.js'

const THEME_DIST = 'node_modules/@heroui/theme/dist'

/** A module of the shape HeroUI's bundler writes: imports, then `// src/…` sections, then one export list. */
function themeLike(sections: number) {
  const parts = Array.from({ length: sections }, (_, i) =>
    i === 1
      ? // Uses part 0's binding, and names part 2 only inside strings. (A word that is a key is
        // imported all the same: an unused import is dropped, a missing one would throw.)
        `// src/components/c1.ts\nvar c1 = tv({ base: [c0Shared, "c2 c2-x", 'c2'] });`
      : `// src/components/c${i}.ts\nvar c${i} = tv({ base: "p-${i}" });${i === 0 ? '\nvar c0Shared = "s";' : ''}`
  )
  const names = Array.from({ length: sections }, (_, i) => `c${i}`)
  return [
    'import {\n  tv\n} from "./chunk-TV.mjs";',
    'import {\n  cn\n} from "./chunk-CN.mjs";',
    '',
    ...parts,
    `export {\n  ${names.join(',\n  ')}\n};`,
  ].join('\n')
}

test.group('build: HeroUI theme split per component', () => {
  test('each section becomes a part that imports what it uses of the others', ({ assert }) => {
    const split = splitTheme(themeLike(12), '/x/node_modules/@heroui/theme/dist/chunk-AB.mjs')!
    assert.equal(split.parts.size, 12)
    const c1 = split.parts.get('\0heroui-theme-part:components/c1')!
    assert.include(c1, 'import { c0Shared } from "\\u0000heroui-theme-part:components/c0";')
    // Words inside strings are not bindings: no import of c2.
    assert.notInclude(c1, 'heroui-theme-part:components/c2')
    assert.include(c1, 'from "/x/node_modules/@heroui/theme/dist/chunk-TV.mjs"')
    assert.include(c1, 'export { c1 };')
    assert.include(
      split.facade,
      'export { c0, c0Shared } from "\\u0000heroui-theme-part:components/c0";'
    )
    for (const code of [split.facade, ...split.parts.values()])
      parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
  })

  test('a module of another shape is left whole', ({ assert }) => {
    assert.isNull(splitTheme(themeLike(4), '/x/chunk-AB.mjs'))
    assert.isNull(splitTheme('export const a = 1', '/x/chunk-AB.mjs'))
    assert.isNull(splitTheme(`console.log(1)\n${themeLike(12)}`, '/x/chunk-AB.mjs'))
  })

  test("the installed HeroUI's components module splits into parts that parse and export it all", ({
    assert,
  }) => {
    const modules = readdirSync(THEME_DIST)
      .filter((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f))
      .map((f) => ({ path: join(THEME_DIST, f), code: readFileSync(join(THEME_DIST, f), 'utf8') }))
      .filter((m) => themeSections(m.code))
    assert.lengthOf(modules, 1, 'one module of @heroui/theme holds the components')
    const [theme] = modules
    const split = splitTheme(theme.code, theme.path)!
    assert.isAtLeast(split.parts.size, 25)
    for (const code of [split.facade, ...split.parts.values()])
      parse(code, { ecmaVersion: 'latest', sourceType: 'module' })
    const exported = /export\s*{([^}]*)}\s*;?\s*$/.exec(theme.code)![1]
    for (const name of exported.split(',').map((n) => n.trim()))
      assert.match(split.facade, new RegExp(`[{ ]${name}[,} ]`), name)
  })
})
