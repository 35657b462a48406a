import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The audit log of staff actions (issue 11 item 8; app/services/audit_log.ts
 * writes it, app/domain/audit.ts defines the hash chain). Append-only: the
 * app has no edit or delete, and a trigger refuses UPDATE and DELETE (and, on
 * PostgreSQL, TRUNCATE) so a bug or an injected statement cannot rewrite it;
 * someone who can drop the trigger is caught by the hash chain
 * (`node ace audit:verify`).
 *
 * `created_at` is a timestamptz on PostgreSQL (read back as an instant,
 * whatever the process zone) and ISO 8601 UTC text on SQLite: both give the
 * same canonical text to the hash. `target_id` is text: a row id, or a key
 * for targets without one ('withdrawSettings', a gateway kind).
 * `prev_hash` is unique: two appends can never fork the chain, even if the
 * writers' lock were bypassed.
 */
export default class extends BaseSchema {
  protected tableName = 'audit_logs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      // Staff rows with audit rows cannot be deleted (deactivate them instead): the log names them.
      table.integer('staff_id').unsigned().notNullable().references('id').inTable('users')
      table.integer('staff_role_id').notNullable()
      table.string('ip', 64).nullable()
      table.string('action', 64).notNullable()
      table.string('target_type', 32).notNullable()
      table.string('target_id', 64).nullable()
      table.text('changes').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.string('prev_hash', 64).notNullable().unique()
      table.string('hash', 64).notNullable().unique()

      // The screen's filters, each served newest first from its index.
      table.index(['staff_id', 'id'])
      table.index(['action', 'id'])
      table.index(['target_type', 'target_id', 'id'])
    })

    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(`
        CREATE OR REPLACE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'audit_logs is append-only';
        END;
        $$
      `)
      this.schema.raw(`
        CREATE TRIGGER audit_logs_no_rewrite BEFORE UPDATE OR DELETE ON audit_logs
        FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()
      `)
      this.schema.raw(`
        CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
        FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only()
      `)
    } else {
      this.schema.raw(`
        CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs
        BEGIN SELECT RAISE(ABORT, 'audit_logs is append-only'); END
      `)
      this.schema.raw(`
        CREATE TRIGGER audit_logs_no_delete BEFORE DELETE ON audit_logs
        BEGIN SELECT RAISE(ABORT, 'audit_logs is append-only'); END
      `)
    }
  }

  async down() {
    this.schema.dropTable(this.tableName)
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('DROP FUNCTION IF EXISTS audit_logs_append_only()')
    }
  }
}
