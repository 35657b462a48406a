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
 * How a column shows and sorts its value: `id` and `number` sort as numbers,
 * `text` alphabetically (both show `empty` when there is none), `label` is a
 * text shown translated, `yesNo` a chip of a boolean (Yes/No unless named),
 * `image` a small picture of a `{ url }` value (not sorted), `link` an
 * address shown as a link that opens outside the app, `custom` a cell the page
 * draws (its `cells` option: what is not data, such as a cell that filters).
 */
export type ListColumnKind =
  'id' | 'text' | 'number' | 'label' | 'yesNo' | 'image' | 'link' | 'custom'

export interface ListColumn<Row> {
  key: keyof Row & string
  label: string
  kind: ListColumnKind
  /** What a `number`, `text` or `image` column shows for a missing value ('-'). */
  empty?: string
  /** An `image` column's alternative text: another of the row's values (its name). */
  altKey?: keyof Row & string
  /** A `text` column in the monospaced figures of prices. */
  mono?: boolean
  /** A `yesNo` chip's test id prefix (`<testId>-<row id>`). */
  testId?: string
  /** A `text` column shown as a warning chip instead while the row's boolean `key` is set ("Untranslated"). */
  flag?: { key: keyof Row & string; label: string; testId: string }
  /** A long `text` cut to the column's width, whole on hover. */
  truncate?: boolean
  /** Sorted by the server, under this name (a list sorted across its pages). */
  serverSort?: string
  /** Not sortable (a list the server pages, where sorting one page would mislead). */
  sortable?: false
  /** Sorted by another of the row's values (a role's label by its id). */
  sortBy?: keyof Row & string
  /** A `yesNo` column's words and the colour of its "no" chip (grey unless 'danger'). */
  yes?: string
  no?: string
  noColor?: 'default' | 'danger'
}

/**
 * A form field: a trimmed text input; `url`, a text that must be an absolute
 * https:// address; a number input (as text: never a float); an on/off
 * switch; `select`, one id from a list the page receives; `selectRows`, a
 * list of such ids, one select per row, sent as `[{ id }]`; `image`, a picture
 * file (the form is then sent as multipart).
 */
export type ListFieldKind = 'text' | 'url' | 'number' | 'switch' | 'select' | 'selectRows' | 'image'

/** A choice of a `select` or `selectRows` field, as the page's prop lists them. */
export interface ListOption {
  id: number | string
  label: string
}

export interface ListField<Row> {
  name: keyof Row & string
  label: string
  kind: ListFieldKind
  /**
   * The message under an empty field (the server's own for the same case); an
   * `image` is required when adding only (an edit keeps the current one).
   */
  required?: string
  /** A `url` field's message when the text is not an absolute https:// address. */
  invalid?: string
  placeholder?: string
  /** A number field's fraction digits (0, the default, for whole numbers) and unit ('%'). */
  decimals?: number
  unit?: string
  /** What an emptied text or number field sends ('' unless given; null for "none"). */
  empty?: string | null
  /** A new record's value ('' or off unless given; a switch's is a boolean). */
  initial?: string | boolean
  /** A line under a switch or file field saying what it does ({size}: an image's `maxMb`). */
  hint?: string
  /** An `image` field's line when editing, where an empty field keeps the current file. */
  editHint?: string
  /** `select`, `selectRows`: the page prop listing the choices (`ListOption[]`, sent as the id). */
  options?: string
  /** `select` from `options`: the choice is sent as text (a country's name), not as a number. */
  sendsText?: boolean
  /** `select`: fixed choices instead, sent as their text value (labels translated). */
  choices?: readonly { value: string; label: string }[]
  /** `number`: may be negative. */
  signed?: boolean
  /** A new record's value taken from the page prop of this name (the screen's category). */
  initialProp?: string
  /**
   * When editing, the fields of this group are sent only if one of them changed
   * (a price left as the list showed it keeps the stored one).
   */
  keptUnlessChanged?: string
  /** `select`, `selectRows`: the value that means "none" (never sent as a choice). */
  none?: number
  /** The key the value is sent under when it is not the row's (a team's `members` go as `userIds`). */
  sendAs?: string
  /** `selectRows`: the texts and test id prefix of the rows (the row's value is `[{ id }]`). */
  rows?: { item: string; add: string; testId: string }
  /** `image`: what the file picker offers, the largest size, and the row's `{ url }` shown while editing. */
  accept?: string
  maxMb?: number
  preview?: keyof Row & string
  /** Laid out two to a row with the next half-width field. */
  half?: boolean
}

/**
 * A filter of the list, its value in the list's query (`status=…`), empty showing all: a
 * select of fixed `choices` or of a page prop's records (`options`, each shown by `optionLabel`,
 * `{field}` standing for its fields), or `text`, typed and sent on Enter or when the input
 * loses focus; the server's 422 for it shows under it and the rows stay.
 */
export interface ListFilter {
  name: string
  label: string
  kind?: 'select' | 'text'
  /** What the select or input shows when nothing is chosen ('All'). */
  placeholder: string
  choices?: readonly { value: string; label: string }[]
  options?: string
  optionLabel?: string
  /** A select twice as wide (long labels). */
  wide?: boolean
  testId: string
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
  /** The API's route names' prefix when it is not the screen's name (`admin.x` for a screen `admin.x.index`). */
  routePrefix?: string
  /** The table's heading and the data-testid of the table; the editor's is `editorTestId`. */
  label: string
  /** The heading chosen by a page prop instead (`labels[props[prop]]`: a category's title). */
  labelFrom?: { prop: string; labels: Readonly<Record<string, string>> }
  /** The list route's parameters, each from a page prop (a path such as `language.code`). */
  listParams?: Readonly<Record<string, string>>
  /** Filters beside the search box; `searchable: false` for a list without one. */
  filters?: readonly ListFilter[]
  /** A button that empties every filter, shown while one is set. */
  clearFilters?: { label: string; testId: string }
  searchable?: boolean
  /** A list sorted by the server starts in this order (its columns name their `serverSort`). */
  initialSort?: { column: string; direction: 'ascending' | 'descending' }
  /** Sent with every write beside the fields: body key → page prop path (a translation's `code`). */
  sendProps?: Readonly<Record<string, string>>
  testId: string
  columns: ListColumn<Row>[]
  /** None for a read-only list (then no form, no Actions column unless the page adds row actions). */
  writes: readonly ListWrite[]
  editorTestId?: string
  form?: {
    titles: { add: string; edit: string }
    /** Absent when the page brings a form the declaration cannot express (the shared user form). */
    fields?: ListField<Row>[]
    size?: 'md' | 'lg' | 'xl' | '2xl'
  }
  /** The confirmation before a delete. */
  deleteMessage?: string
}

/** The route name of a list's read or write: declared, or `<screen>.<kind>`. */
export function listRouteName<Row extends { id: number }>(
  list: StaffListDeclaration<Row>,
  kind: 'list' | ListWrite
): string {
  return list.api?.[kind] ?? `${list.routePrefix ?? list.screen}.${kind}`
}

/**
 * The list's API routes, derived from its screen's path and name: `GET <path>/api`
 * (`<screen>.list`), `POST <path>` (`.store`), `PUT` and `DELETE <path>/:id`
 * (`.update`, `.destroy`).
 */
export function staffListRoutes(
  screen: { name: string; path: string },
  writes: readonly ListWrite[],
  routePrefix = screen.name
) {
  const route = <Kind extends 'list' | ListWrite>(
    kind: Kind,
    method: 'get' | 'post' | 'put' | 'delete',
    path: string
  ) => ({ kind, method, path, name: `${routePrefix}.${kind}` })
  const all = {
    list: route('list', 'get', `${screen.path}/api`),
    store: route('store', 'post', screen.path),
    update: route('update', 'put', `${screen.path}/:id`),
    destroy: route('destroy', 'delete', `${screen.path}/:id`),
  }
  return [all.list, ...writes.map((write) => all[write])]
}
