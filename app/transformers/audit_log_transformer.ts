import {
  canonicalJson,
  canonicalTimestamp,
  type AuditChanges,
  type AuditValue,
} from '#domain/audit'
import {
  AUDIT_ACTIONS,
  AUDIT_FIELD_LABELS,
  AUDIT_SETTING_NAMES,
  AUDIT_TARGETS,
  isAuditAction,
  isAuditTargetType,
} from '#domain/audit_actions'
import { EMPTY_VALUE, formatDateTime } from '#domain/formatting'
import { REDACTED } from '#domain/redaction'
import { GATEWAY_FORMS, gatewayDisplayName, isGatewayValue } from '#domain/gateways'
import { ROLE_LABELS, type RoleId } from '#domain/roles'
import { SETTINGS_SCHEMAS } from '#domain/settings_schema'
import type { AuditLogListRow } from '#domain/staff_lists/audit_log'

/** An audit_logs row joined with its staff member's name and e-mail (app/queries/audit_logs.ts). */
export interface AuditLogDbRow {
  id: number | string
  staff_id: number | string
  staff_role_id: number | string
  ip: string | null
  action: string
  target_type: string
  target_id: string | null
  changes: string
  created_at: unknown
  staff_name: string | null
  staff_email: string | null
}

/**
 * One row of the Audit Log screen: the time as the back office writes dates
 * (DD/MM/YYYY h:mm A, UTC), who (name, e-mail, role at the time), the
 * address, the action and target with their labels, and each changed field
 * as label, before and after in words. `translate` marks values that are
 * words of the dictionary (statuses, yes/no) rather than data. A target
 * reads as its label and `name`: '#12' for a row, the gateway's or setting's
 * name (a dictionary word, `translateName`) for a key.
 */
export function auditLogRow(row: AuditLogDbRow): AuditLogListRow {
  const roleId = Number(row.staff_role_id)
  const targetType = row.target_type
  return {
    id: Number(row.id),
    createdAt: formatDateTime(canonicalTimestamp(row.created_at), 'display'),
    staff: { id: Number(row.staff_id), name: row.staff_name ?? '', email: row.staff_email ?? '' },
    role: ROLE_LABELS[roleId as RoleId] ?? String(roleId),
    ip: row.ip,
    action: row.action,
    actionLabel: isAuditAction(row.action) ? AUDIT_ACTIONS[row.action] : row.action,
    target: {
      type: targetType,
      id: row.target_id,
      label: isAuditTargetType(targetType) ? AUDIT_TARGETS[targetType] : targetType,
      ...targetName(targetType, row.target_id),
    },
    changes: Object.entries(parseChanges(row.changes)).map(([field, change]) => ({
      field,
      label: fieldLabel(targetType, row.target_id, field),
      before: valueText(change.before),
      after: valueText(change.after),
      translate:
        field === 'status' ||
        change.before === REDACTED ||
        change.after === REDACTED ||
        typeof change.before === 'boolean' ||
        typeof change.after === 'boolean',
    })),
  }
}

export type AuditLogRow = AuditLogListRow

function parseChanges(text: string): AuditChanges {
  try {
    const parsed = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

function fieldLabel(targetType: string, targetId: string | null, field: string): string {
  if (targetType === 'gateway' && isGatewayValue(targetId)) {
    const slot = GATEWAY_FORMS[targetId].fields.find((f) => f.slot === field)
    if (slot) return slot.label
  }
  if (targetType === 'setting') {
    // Settings forms built from the typed schema name their fields there.
    const schemaField = SETTINGS_SCHEMAS.find((schema) => schema.id === targetId)?.fields.find(
      (f) => f.name === field
    )
    if (schemaField) return schemaField.label
  }
  return AUDIT_FIELD_LABELS[field] ?? field
}

function valueText(value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return canonicalJson(value)
}

function targetName(type: string, id: string | null): { name: string; translateName: boolean } {
  if (id === null) return { name: '', translateName: false }
  if (/^\d+$/.test(id)) return { name: `#${id}`, translateName: false }
  if (type === 'gateway' && isGatewayValue(id))
    return { name: gatewayDisplayName(id), translateName: true }
  if (type === 'setting' && Object.hasOwn(AUDIT_SETTING_NAMES, id))
    return { name: AUDIT_SETTING_NAMES[id], translateName: true }
  return { name: id, translateName: false }
}
