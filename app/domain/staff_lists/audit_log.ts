import type { StaffListDeclaration } from '../staff_list.js'
import {
  AUDIT_ACTION_VALUES,
  AUDIT_ACTIONS,
  AUDIT_TARGET_VALUES,
  AUDIT_TARGETS,
} from '../audit_actions.js'

/** One row of the Audit Log as the list receives it (shaped by #transformers/audit_log_transformer). */
export interface AuditLogListRow {
  id: number
  createdAt: string
  staff: { id: number; name: string; email: string }
  role: string
  ip: string | null
  action: string
  actionLabel: string
  target: { type: string; id: string | null; label: string; name: string; translateName: boolean }
  changes: { field: string; label: string; before: string; after: string; translate: boolean }[]
}

/**
 * Audit Log (issue 11 item 8, beyond the specs; role 1): every staff write,
 * newest first, sorted by the server (by id or action, across every page).
 * Time, staff member, role, address, action, target and each changed field
 * as "before → after" (secrets only as [redacted]). Filters by staff member
 * (the page's `staffMembers`), action, target type and a typed target id (the
 * server's 422 under it) live in the URL; a target cell filters by itself.
 * Read-only: no writes, no Actions column. The staff, target and changes
 * cells are the page's own.
 */
export const AUDIT_LOG_LIST: StaffListDeclaration<AuditLogListRow> = {
  screen: 'admin.audit.index',
  api: { list: 'admin.audit.list' },
  label: 'Audit Log',
  testId: 'audit-log',
  searchable: false,
  initialSort: { column: 'id', direction: 'descending' },
  filters: [
    {
      name: 'staffId',
      label: 'Staff Member',
      placeholder: 'All staff',
      options: 'staffMembers',
      optionLabel: '{name} ({email})',
      wide: true,
      testId: 'audit-filter-staff',
    },
    {
      name: 'action',
      label: 'Action',
      placeholder: 'All actions',
      choices: AUDIT_ACTION_VALUES.map((value) => ({ value, label: AUDIT_ACTIONS[value] })),
      wide: true,
      testId: 'audit-filter-action',
    },
    {
      name: 'targetType',
      label: 'Target',
      placeholder: 'All targets',
      choices: AUDIT_TARGET_VALUES.map((value) => ({ value, label: AUDIT_TARGETS[value] })),
      testId: 'audit-filter-target-type',
    },
    {
      name: 'targetId',
      label: 'Target ID',
      kind: 'text',
      placeholder: 'Target ID',
      testId: 'audit-filter-target-id',
    },
  ],
  clearFilters: { label: 'Clear filters', testId: 'audit-filter-clear' },
  columns: [
    { key: 'id', label: 'ID', kind: 'id', serverSort: 'id' },
    { key: 'createdAt', label: 'Time', kind: 'text', sortable: false },
    { key: 'staff', label: 'Staff Member', kind: 'custom' },
    { key: 'role', label: 'Role', kind: 'label', sortable: false },
    { key: 'ip', label: 'IP', kind: 'text', empty: '-', sortable: false },
    { key: 'actionLabel', label: 'Action', kind: 'label', serverSort: 'action' },
    { key: 'target', label: 'Target', kind: 'custom' },
    { key: 'changes', label: 'Changes', kind: 'custom' },
  ],
  writes: [],
}
