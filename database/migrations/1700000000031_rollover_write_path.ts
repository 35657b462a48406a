import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Fewer index and lock writes on the rollover's path (issue 24 item 7), each measured with
 * `bench:rollover --wal-stats` (docs/BENCHMARKS.md):
 *
 * - `ledger_entries.audit_log_id` is set on the few entries a staff action made: its index keeps
 *   those only (every other entry, a swap, a trade, wrote a NULL into it); a lookup by an
 *   audit row's id still uses it.
 * - `swap_charges (rollover_date)` served one count per rollover; the day's row now counts its
 *   positions batch by batch (rollover_writes.ts), so each charge no longer writes that index.
 * - PostgreSQL: room on the wallets' pages (fillfactor 85), so a balance update is written in
 *   place (HOT) instead of adding an entry to each of the table's indexes; and no foreign key from
 *   a claim to its order, whose check locked every charged order row (the claim's unique key and
 *   the rollover's read of open orders are what tie them; orders are never deleted, only marked).
 */
export default class extends BaseSchema {
  async up() {
    const pg = this.db.dialect.name === 'postgres'
    this.schema.alterTable('ledger_entries', (table) => table.dropIndex(['audit_log_id']))
    this.schema.raw(
      'CREATE INDEX ledger_entries_audit_log_id_index ON ledger_entries (audit_log_id) WHERE audit_log_id IS NOT NULL'
    )
    this.schema.alterTable('swap_charges', (table) => table.dropIndex(['rollover_date']))
    if (pg) {
      this.schema.raw('ALTER TABLE balances SET (fillfactor = 85)')
      this.schema.raw('ALTER TABLE swap_charges DROP CONSTRAINT swap_charges_order_id_foreign')
    }
  }

  async down() {
    const pg = this.db.dialect.name === 'postgres'
    if (pg) {
      this.schema.raw(
        'ALTER TABLE swap_charges ADD CONSTRAINT swap_charges_order_id_foreign FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE'
      )
      this.schema.raw('ALTER TABLE balances RESET (fillfactor)')
    }
    this.schema.alterTable('swap_charges', (table) => table.index(['rollover_date']))
    this.schema.raw('DROP INDEX ledger_entries_audit_log_id_index')
    this.schema.alterTable('ledger_entries', (table) => table.index(['audit_log_id']))
  }
}
