import type { StaffScreenName } from './staff_screens.js'

/*
| Staff lists declared as data (issue 26 item 1): a screen's table columns, its
| add/edit form and its delete question, from which the page
| (inertia/components/data/declared_list_page.tsx) and the list's API routes
| (start/routes/staff_lists.ts) are built. Pure data: the server and the
| browser both read it. Validation stays on the server (its validator is the
| source of every 422 message); the form's own rules only repeat the
| required-field messages so that an empty field is flagged before a request.
*/

/** How a column shows its value: as text, or as a Yes/No chip of a boolean. */
export type ListColumnKind = 'text' | 'yesNo'

export interface ListColumn<Row> {
  key: keyof Row & string
  label: string
  kind: ListColumnKind
}

/** A form field: a trimmed text input, or an on/off switch. */
export type ListFieldKind = 'text' | 'switch'

export interface ListField<Row> {
  name: keyof Row & string
  label: string
  kind: ListFieldKind
  /** The message under an empty text field (the server's own for the same case). */
  required?: string
}

/** The writes a list has: every one is a route named after the screen (`<screen>.store`, …). */
export type ListWrite = 'store' | 'update' | 'destroy'

export interface StaffListDeclaration<Row extends { id: number }> {
  /** The screen (#domain/staff_screens): its path, heading, menu and role rule. */
  screen: StaffScreenName
  /** The table's heading and the data-testid of the table; the editor's is `editorTestId`. */
  label: string
  testId: string
  editorTestId: string
  columns: ListColumn<Row>[]
  writes: readonly ListWrite[]
  form: { titles: { add: string; edit: string }; fields: ListField<Row>[] }
  /** The confirmation before a delete. */
  deleteMessage: string
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
  const all = {
    list: { method: 'get', path: `${screen.path}/api`, name: `${screen.name}.list` },
    store: { method: 'post', path: screen.path, name: `${screen.name}.store` },
    update: { method: 'put', path: `${screen.path}/:id`, name: `${screen.name}.update` },
    destroy: { method: 'delete', path: `${screen.path}/:id`, name: `${screen.name}.destroy` },
  } as const
  return [all.list, ...writes.map((write) => all[write])]
}

/** A sales status as its list receives it (CRM spec §3). */
export interface SalesStatusListRow {
  id: number
  status: string
  isDefault: boolean
}

/**
 * Sales Statuses (CRM spec §2.5, §2.11, §5, §8): STATUS, IS DEFAULT (Yes/No),
 * ACTIONS; add and edit in one record modal; delete behind 'Are you sure to
 * delete this sale status?'. The server keeps exactly one default and refuses
 * to delete a status leads carry.
 */
export const SALES_STATUS_LIST: StaffListDeclaration<SalesStatusListRow> = {
  screen: 'admin.crmConfig.salesStatuses',
  label: 'Sales Statuses',
  testId: 'sales-statuses',
  editorTestId: 'sales-status',
  columns: [
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'isDefault', label: 'Is Default', kind: 'yesNo' },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Sales Status', edit: 'Edit Sales Status' },
    fields: [
      { name: 'status', label: 'Status', kind: 'text', required: 'Status is required' },
      { name: 'isDefault', label: 'Is Default', kind: 'switch' },
    ],
  },
  deleteMessage: 'Are you sure to delete this sale status?',
}
