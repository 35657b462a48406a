import db from '@adonisjs/lucid/services/db'

/** Audit rows newest first, optionally of one action, target type or target id. */
export async function auditRows(
  filter: {
    action?: string
    targetType?: string
    targetId?: string | number
    staffId?: number
  } = {},
  limit = 100
) {
  const query = db.from('audit_logs').orderBy('id', 'desc').limit(limit)
  if (filter.action) query.where('action', filter.action)
  if (filter.targetType) query.where('target_type', filter.targetType)
  if (filter.targetId !== undefined) query.where('target_id', String(filter.targetId))
  if (filter.staffId !== undefined) query.where('staff_id', filter.staffId)
  return query
}

/** The one audit row of an action on a target (fails unless there is exactly one), its changes parsed. */
export async function onlyAuditRow(action: string, targetId: string | number) {
  const rows = await auditRows({ action, targetId })
  if (rows.length !== 1)
    throw new Error(`expected one ${action} row for ${targetId}, found ${rows.length}`)
  return {
    ...rows[0],
    changes: JSON.parse(rows[0].changes) as Record<string, { before: unknown; after: unknown }>,
  }
}

export async function auditCount() {
  const row = await db.from('audit_logs').count('* as n').first()
  return Number(row.n)
}

/**
 * Runs raw SQL on audit_logs as someone with write access to the database
 * would: past the append-only triggers. Use inside a rolled-back test
 * transaction; the triggers are put back either way.
 */
export async function tamperWith(sql: string) {
  if (db.connection().dialect.name === 'postgres') {
    await db.rawQuery('ALTER TABLE audit_logs DISABLE TRIGGER USER')
    try {
      await db.rawQuery(sql)
    } finally {
      await db.rawQuery('ALTER TABLE audit_logs ENABLE TRIGGER USER')
    }
    return
  }
  const triggers: { name: string; sql: string }[] = await db.rawQuery(
    "select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'audit_logs'"
  )
  for (const t of triggers) await db.rawQuery(`DROP TRIGGER "${t.name}"`)
  try {
    await db.rawQuery(sql)
  } finally {
    for (const t of triggers) await db.rawQuery(t.sql)
  }
}
