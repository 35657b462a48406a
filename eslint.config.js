import { configApp, RULES_LIST } from '@adonisjs/eslint-config'

/**
 * AdonisJS's own lint rules (Prettier through eslint-plugin-prettier with
 * @adonisjs/prettier-config), applied to the React pages too: the preset
 * covers only *.ts. One rule is off: `(await query).field` is this code's
 * idiom for reading one value of an awaited call (hundreds of test lines),
 * and splitting each into a temporary name would add nothing. The naming rule
 * also accepts `_unused` names (a property dropped by destructuring).
 */
const OVERRIDES = {
  '@unicorn/no-await-expression-member': 'off',
  // The preset's naming rule, with a leading underscore allowed for bindings left unused on purpose.
  '@typescript-eslint/naming-convention': [
    'error',
    {
      selector: 'variable',
      format: ['camelCase', 'UPPER_CASE', 'PascalCase'],
      leadingUnderscore: 'allow',
    },
    { selector: 'typeLike', format: ['PascalCase'] },
    { selector: 'class', format: ['PascalCase'] },
    { selector: 'interface', format: ['PascalCase'], custom: { regex: '^I[A-Z]', match: false } },
  ],
}

export default configApp(
  { ignores: ['build/**', 'tmp/**', 'public/**', 'node_modules/**'] },
  { name: 'Project overrides', files: ['**/*.ts'], rules: OVERRIDES },
  {
    name: 'Inertia pages and components',
    files: ['inertia/**/*.tsx'],
    rules: { ...RULES_LIST, ...OVERRIDES },
  }
)
