import type { StaffScreenName } from './staff_screens.js'

/*
| Staff lists declared as data (issue 26 item 1): a screen's table columns, its
| add/edit form and its delete question, from which the page
| (inertia/components/data/declared_list_page.tsx) and the list's API routes
| (start/routes/staff_lists.ts) are built. Each list's declaration is a file of
| app/domain/staff_lists/. Pure data: the server and the
| browser both read it. Validation stays on the server (its validator is the
| source of every 422 message); the form's own rules only repeat the
| required-field messages so that an empty field is flagged before a request.
*/

/**
 * How a column shows and sorts its value: `id` and `number` sort as numbers
 * (a number shows `empty` when it has none), `text` alphabetically, `label`
 * is a text shown translated, `yesNo` a chip of a boolean (Yes/No unless named).
 */
export type ListColumnKind = 'id' | 'text' | 'number' | 'label' | 'yesNo'

export interface ListColumn<Row> {
  key: keyof Row & string
  label: string
  kind: ListColumnKind
  /** What a `number` column shows for a missing value ('-'). */
  empty?: string
  /** Sorted by another of the row's values (a role's label by its id). */
  sortBy?: keyof Row & string
  /** A `yesNo` column's words and the colour of its "no" chip (grey unless 'danger'). */
  yes?: string
  no?: string
  noColor?: 'default' | 'danger'
}

/** A form field: a trimmed text input, a number input (as text: never a float), an on/off switch. */
export type ListFieldKind = 'text' | 'number' | 'switch'

export interface ListField<Row> {
  name: keyof Row & string
  label: string
  kind: ListFieldKind
  /** The message under an empty text field (the server's own for the same case). */
  required?: string
  /** A number field's fraction digits (0, the default, for whole numbers) and unit ('%'). */
  decimals?: number
  unit?: string
  /** What an emptied text or number field sends ('' unless given; null for "none"). */
  empty?: string | null
  /** A new record's value ('' or off unless given). */
  initial?: string
  /** A line under a switch saying what it does. */
  hint?: string
  /** Laid out two to a row with the next half-width field. */
  half?: boolean
}

/** The writes a list has: every one is a route named after the screen (`<screen>.store`, …). */
export type ListWrite = 'store' | 'update' | 'destroy'

export interface StaffListDeclaration<Row extends { id: number }> {
  /** The screen (#domain/staff_screens): its path, heading, menu and role rule. */
  screen: StaffScreenName
  /**
   * Route names of an API that predates the declaration and is not named after
   * its screen (a list the customers' pages share); the rest are derived.
   */
  api?: Partial<Record<'list' | ListWrite, string>>
  /** The table's heading and the data-testid of the table; the editor's is `editorTestId`. */
  label: string
  testId: string
  editorTestId: string
  columns: ListColumn<Row>[]
  writes: readonly ListWrite[]
  form: {
    titles: { add: string; edit: string }
    /** Absent when the page brings a form the declaration cannot express (the shared user form). */
    fields?: ListField<Row>[]
    size?: 'md' | 'lg' | 'xl' | '2xl'
  }
  /** The confirmation before a delete. */
  deleteMessage: string
}

/** The route name of a list's read or write: declared, or `<screen>.<kind>`. */
export function listRouteName<Row extends { id: number }>(
  list: StaffListDeclaration<Row>,
  kind: 'list' | ListWrite
): string {
  return list.api?.[kind] ?? `${list.screen}.${kind}`
}

/**
 * The list's API routes, derived from its screen's path and name: `GET <path>/api`
 * (`<screen>.list`), `POST <path>` (`.store`), `PUT` and `DELETE <path>/:id`
 * (`.update`, `.destroy`).
 */
export function staffListRoutes(
  screen: { name: string; path: string },
  writes: readonly ListWrite[]
) {
  const route = <Kind extends 'list' | ListWrite>(
    kind: Kind,
    method: 'get' | 'post' | 'put' | 'delete',
    path: string
  ) => ({ kind, method, path, name: `${screen.name}.${kind}` })
  const all = {
    list: route('list', 'get', `${screen.path}/api`),
    store: route('store', 'post', screen.path),
    update: route('update', 'put', `${screen.path}/:id`),
    destroy: route('destroy', 'delete', `${screen.path}/:id`),
  }
  return [all.list, ...writes.map((write) => all[write])]
}
