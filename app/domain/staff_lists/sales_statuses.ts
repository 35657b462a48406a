import type { StaffListDeclaration } from '../staff_list.js'

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
    size: 'md',
    fields: [
      { name: 'status', label: 'Status', kind: 'text', required: 'Status is required' },
      { name: 'isDefault', label: 'Is Default', kind: 'switch' },
    ],
  },
  deleteMessage: 'Are you sure to delete this sale status?',
}
