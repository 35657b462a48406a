import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 21 items 2 and 3: every ledger row a staff action causes (a trade
 * correction, the stop-out it triggers, a write made while logged in as the
 * customer) names the audit row that records that action. The audit row is
 * written last in its transaction (it closes the hash chain), so the entries
 * are linked to it right after, in the same transaction
 * (`linkEntriesToAudit` in app/services/ledger_service.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('ledger_entries', (table) => {
      // No foreign key: audit_logs is append-only (its triggers refuse updates and deletes) and
      // is checked by its hash chain; like audit_logs.target_id this is a plain reference.
      table.integer('audit_log_id').unsigned().nullable()
      table.index(['audit_log_id'])
    })
  }

  async down() {
    this.schema.alterTable('ledger_entries', (table) => {
      table.dropIndex(['audit_log_id'])
      table.dropColumn('audit_log_id')
    })
  }
}
