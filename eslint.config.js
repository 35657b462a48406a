import { configApp, RULES_LIST } from '@adonisjs/eslint-config'

/**
 * AdonisJS's own lint rules (Prettier through eslint-plugin-prettier with
 * @adonisjs/prettier-config), applied to the React pages too: the preset
 * covers only *.ts. One rule is off: `(await query).field` is this code's
 * idiom for reading one value of an awaited call (hundreds of test lines),
 * and splitting each into a temporary name would add nothing.
 */
const OVERRIDES = { '@unicorn/no-await-expression-member': 'off' }

export default configApp(
  { ignores: ['build/**', 'tmp/**', 'public/**', 'node_modules/**'] },
  { name: 'Project overrides', files: ['**/*.ts'], rules: OVERRIDES },
  {
    name: 'Inertia pages and components',
    files: ['inertia/**/*.tsx'],
    rules: { ...RULES_LIST, ...OVERRIDES },
  }
)
