/**
 * Reads the project's sources with the TypeScript parser to find every text a
 * person may see, so tests can hold the translation rule ("every visible text
 * goes through the one translation function, the key is the English text"):
 *
 * - `pageKeys`: the keys the front end asks for — `t('…')` calls, and the
 *   literal texts handed to components that translate them themselves
 *   (`label="…"` on TextField, `label: '…'` in menus and column lists);
 * - `untranslatedTexts`: text written straight into the markup (JSX text, a
 *   `title="…"` on a plain element) that never meets `t()`;
 * - `serverKeys`: what the server says to people — validation messages,
 *   user-facing errors, `message`/`title`/`description` of replies and
 *   notifications — with `${…}` turned into `{name}` placeholders, the form
 *   the translator matches filled texts against.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = new URL('../../', import.meta.url).pathname

/** Our components that pass these props through `t()` themselves. */
const TRANSLATING_COMPONENTS = new Set([
  'TextField',
  'SelectField',
  'FileField',
  'NumberField',
  'SwitchField',
  'SettingsForm',
  'StaffLayout',
  'AppShell',
  'AuthLayout',
  'ConfirmDialog',
  'ResultDialog',
  'KycNotice',
  'DateRangeFilter',
  'AdminDataTable',
  'PagedTable',
  'InfoPopover',
  'ErrorView',
  'StaffWithdrawalsTable',
])

/** Props that carry text for people, on any element. */
const TEXT_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'description',
  'errorMessage',
  'emptyContent',
  'alt',
  'header',
  'confirmLabel',
  'reasonLabel',
  'message',
  'emptyText',
])

/** Object properties whose string values are display texts (menus, columns, options). */
const TEXT_PROPERTIES = new Set([
  'label',
  'title',
  'header',
  'description',
  'placeholder',
  'emptyText',
  'message',
  'confirmLabel',
  'reasonLabel',
])

export interface Found {
  text: string
  where: string
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(path, pattern))
    else if (pattern.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

function parse(file: string) {
  const source = readFileSync(join(ROOT, file), 'utf8')
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
}

function where(node: ts.Node, sf: ts.SourceFile) {
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
  return `${relative(ROOT, join(ROOT, sf.fileName))}:${line + 1}`
}

/** A literal's text, or a template's text with `${…}` as `{name}` placeholders. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
  if (ts.isTemplateExpression(node)) {
    const used = new Map<string, number>()
    let text = node.head.text
    for (const span of node.templateSpans) {
      let name = placeholderName(span.expression)
      const seen = used.get(name) ?? 0
      used.set(name, seen + 1)
      if (seen > 0) name = `${name}${seen + 1}`
      text += `{${name}}${span.literal.text}`
    }
    return text
  }
  return null
}

function placeholderName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text.replace(/^#/, '')
  if (ts.isCallExpression(expression)) {
    const [first] = expression.arguments
    return first ? placeholderName(first) : 'value'
  }
  if (ts.isParenthesizedExpression(expression)) return placeholderName(expression.expression)
  return 'value'
}

const hasLetters = (text: string) => /[A-Za-z]{2,}/.test(text)

function tagName(node: ts.JsxOpeningLikeElement) {
  return node.tagName.getText()
}

/** Keys of the front end and texts written into its markup untranslated. */
export function scanPages() {
  const keys: Found[] = []
  const untranslated: Found[] = []
  for (const file of filesUnder('inertia', /\.(tsx|ts)$/)) {
    const sf = parse(file)
    const visit = (node: ts.Node) => {
      // t('…') / t(`…`)
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 't' &&
        node.arguments.length > 0
      ) {
        for (const candidate of branches(node.arguments[0])) {
          const text = literalText(candidate)
          if (text !== null && !ts.isTemplateExpression(candidate))
            keys.push({ text, where: where(node, sf) })
        }
      }
      // Client rule messages: the texts of useApiForm's rules and of inertia/lib/rules.ts
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        /^[A-Z][a-z]/.test(node.text) &&
        (file.endsWith('lib/rules.ts') || insideFormRules(node))
      ) {
        keys.push({ text: node.text, where: where(node, sf) })
      }
      // Label/value rows: [['Bank Name', details.bankName], …]
      if (
        ts.isArrayLiteralExpression(node) &&
        node.elements.length === 2 &&
        ts.isArrayLiteralExpression(node.parent) &&
        ts.isStringLiteral(node.elements[0]) &&
        /^[A-Z][A-Za-z/]/.test(node.elements[0].text)
      ) {
        keys.push({ text: node.elements[0].text, where: where(node, sf) })
      }
      if (ts.isJsxText(node)) {
        const text = node.text.replace(/\s+/g, ' ').trim()
        if (hasLetters(text)) untranslated.push({ text, where: where(node, sf) })
      }
      if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer) {
        const element = node.parent.parent as ts.JsxOpeningLikeElement
        const value = ts.isJsxExpression(node.initializer)
          ? node.initializer.expression
          : node.initializer
        for (const candidate of value ? branches(value as ts.Expression) : []) {
          const text = literalText(candidate)
          if (text === null || !hasLetters(text)) continue
          if (TRANSLATING_COMPONENTS.has(tagName(element)))
            keys.push({ text, where: where(node, sf) })
          else untranslated.push({ text, where: where(node, sf) })
        }
      }
      // {'text'} as a child
      if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
        const text = literalText(node.expression)
        if (text !== null && hasLetters(text)) untranslated.push({ text, where: where(node, sf) })
      }
      if (
        ts.isPropertyAssignment(node) &&
        (TEXT_PROPERTIES.has(node.name.getText()) || insideTitles(node)) &&
        !insideClassNames(node)
      ) {
        const text = literalText(node.initializer)
        if (text !== null && hasLetters(text) && !ts.isTemplateExpression(node.initializer)) {
          keys.push({ text, where: where(node, sf) })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return { keys, untranslated }
}

/** A record editor's `titles: { add: '…', edit: '…' }` (inertia/components/data/record_editor.tsx). */
function insideTitles(node: ts.PropertyAssignment) {
  const owner = node.parent.parent
  return ts.isPropertyAssignment(owner) && owner.name.getText() === 'titles'
}

/** Whether a property belongs to a slot map of CSS classes (`classNames={{ title: '…' }}`, `TOAST_CLASSES`), not text. */
function insideClassNames(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      (ts.isJsxAttribute(at) || ts.isPropertyAssignment(at)) &&
      at.name.getText() === 'classNames'
    )
      return true
    if (ts.isVariableDeclaration(at) && /class/i.test(at.name.getText())) return true
  }
  return false
}

/** Whether a node sits in the rules argument of a `useApiForm(initial, rules)` call. */
function insideFormRules(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent
    if (
      ts.isCallExpression(parent) &&
      parent.expression.getText() === 'useApiForm' &&
      parent.arguments[1] === at
    ) {
      return true
    }
  }
  return false
}

/** Server properties whose texts reach people (replies, notifications, errors). */
const SERVER_TEXT_PROPERTIES = new Set([
  'message',
  'title',
  'description',
  'insufficientMessage',
  'notRealMessage',
])

/** The texts the server sends to people, as translation keys. */
export function scanServer(): Found[] {
  const found: Found[] = []
  for (const file of filesUnder('app', /\.ts$/)) {
    const sf = parse(file)
    const visit = (node: ts.Node) => {
      // new SimpleMessagesProvider({ 'field.rule': 'Message' })
      if (ts.isNewExpression(node) && node.expression.getText() === 'SimpleMessagesProvider') {
        const [messages] = node.arguments ?? []
        if (messages && ts.isObjectLiteralExpression(messages)) {
          for (const property of messages.properties) {
            if (!ts.isPropertyAssignment(property)) continue
            const text = literalText(property.initializer)
            if (text)
              found.push({
                text: text.replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}'),
                where: where(property, sf),
              })
          }
        }
      }
      // new UserFacingException('…' | `…`)
      if (ts.isNewExpression(node) && node.expression.getText() === 'UserFacingException') {
        const [first] = node.arguments ?? []
        const text = first ? literalText(first) : null
        if (text !== null && hasLetters(text)) found.push({ text, where: where(node, sf) })
      }
      // export const SOME_MESSAGE = 'Sentence for people'
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /^[A-Z][A-Z0-9_]+$/.test(node.name.text) &&
        node.initializer
      ) {
        const text = literalText(node.initializer)
        if (text !== null && /^[A-Z][a-z]/.test(text) && text.includes(' '))
          found.push({ text, where: where(node, sf) })
      }
      // Labels the server hands to pages: menus, role names, tabs, page titles.
      if (ts.isPropertyAssignment(node) && ['label', 'title'].includes(node.name.getText())) {
        const text = literalText(node.initializer)
        if (text !== null && hasLetters(text)) found.push({ text, where: where(node, sf) })
      }
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /^[A-Z_]*(LABELS|TABS|TITLES)$/.test(node.name.text) &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties) {
          if (!ts.isPropertyAssignment(property)) continue
          const text = literalText(property.initializer)
          if (text !== null && hasLetters(text)) found.push({ text, where: where(property, sf) })
        }
      }
      if (ts.isPropertyAssignment(node) && SERVER_TEXT_PROPERTIES.has(node.name.getText())) {
        for (const candidate of branches(node.initializer)) {
          const text = literalText(candidate)
          if (text !== null && hasLetters(text)) found.push({ text, where: where(node, sf) })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return found
}

/** A value and, for `a ? 'x' : 'y'` and `a ?? 'x'`, each literal it may take. */
function branches(node: ts.Expression): ts.Expression[] {
  if (ts.isConditionalExpression(node))
    return [...branches(node.whenTrue), ...branches(node.whenFalse)]
  if (
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
  ) {
    return branches(node.right)
  }
  if (ts.isParenthesizedExpression(node)) return branches(node.expression)
  return [node]
}
