import db from '@adonisjs/lucid/services/db'
import { PAGE_SIZES, pageCount } from '#domain/pagination'
import type { AuditAction, AuditTargetType } from '#domain/audit_actions'
import { STAFF_ROLES } from '#domain/roles'
import { auditLogRow, type AuditLogDbRow } from '#transformers/audit_log_transformer'
import { sortedBy, type PageMeta } from '#queries/paginate'

export interface AuditLogFilters {
  staffId?: number
  action?: AuditAction
  targetType?: AuditTargetType
  targetId?: string
}

/** The audit log's server-side sorts: time order (id) either way, or by action. */
const SORTABLE = { id: 'audit_logs.id', action: 'audit_logs.action' }

/**
 * GET /admin/audit/api: the audit log newest first (or as sorted), one page, with the
 * staff member's name and e-mail; each filter is served by its index
 * (staff_id, id), (action, id), (target_type, target_id, id).
 */
export async function auditLogPage(
  filters: AuditLogFilters,
  options: { page?: number; limit?: number; sort?: string; order?: 'asc' | 'desc' }
) {
  const page = options.page ?? 1
  const perPage = options.limit ?? PAGE_SIZES[0]
  const query = db
    .from('audit_logs')
    .leftJoin('users', 'users.id', 'audit_logs.staff_id')
    .select('audit_logs.*', 'users.full_name as staff_name', 'users.email as staff_email')
  sortedBy(query, options, SORTABLE, { column: 'audit_logs.id', order: 'desc' })
  if (filters.staffId !== undefined) query.where('audit_logs.staff_id', filters.staffId)
  if (filters.action) query.where('audit_logs.action', filters.action)
  if (filters.targetType) query.where('audit_logs.target_type', filters.targetType)
  if (filters.targetId) query.where('audit_logs.target_id', filters.targetId)

  const result = await query.paginate(page, perPage)
  const total = Number(result.total)
  return {
    data: (result.all() as AuditLogDbRow[]).map(auditLogRow),
    meta: {
      total,
      perPage,
      currentPage: page,
      lastPage: pageCount(total, perPage),
    } satisfies PageMeta,
  }
}

/**
 * The staff members with rows in the log, for the filter's menu (name order):
 * staff accounts only (a short list), each checked on the staff_id index.
 */
export async function auditedStaff() {
  const rows: { id: number; full_name: string; email: string }[] = await db
    .from('users')
    .select('id', 'full_name', 'email')
    .whereIn('role_id', [...STAFF_ROLES])
    .whereExists((q) =>
      q.from('audit_logs').select(db.raw('1')).whereColumn('audit_logs.staff_id', 'users.id')
    )
    .orderBy('full_name', 'asc')
    .orderBy('id', 'asc')
  return rows.map((r) => ({ id: Number(r.id), name: r.full_name, email: r.email }))
}
