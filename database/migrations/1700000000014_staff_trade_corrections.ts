import { BaseSchema } from '@adonisjs/lucid/schema'
import { ORDER_COUNT_BLOCK } from '#domain/trade_list'

/**
 * What staff trade corrections and balance adjustments need (issue 11 items 3
 * and 7), and what keeps the trades list fast at a million orders:
 *
 * - `ledger_entries.comment`: the staff member's own words on an adjustment
 *   (the entry already names the staff member, `created_by_id`, and the
 *   order it corrects, `reference_type`/`reference_id`).
 * - `idempotency_keys`: the first answer to a staff write sent with an
 *   `Idempotency-Key` header, unique per staff member and key, so a retried
 *   request gets that answer and applies nothing again.
 * - Partial indexes serving the open and closed lists, newest first (and the
 *   risk engine's read of every open position).
 * - `order_list_counts`: how many live (not deleted) open and closed orders
 *   each block of 1,024 ids holds, kept by triggers on `orders` in the same
 *   transaction as the write (statement-level on PostgreSQL, so a bulk
 *   statement updates each block once; row-level on SQLite, which has no
 *   transition tables). The list's 'Total: N' is a sum over about a
 *   thousand rows instead of a count over a million, and a deep page starts
 *   in its block instead of skipping hundreds of thousands of index entries
 *   (app/queries/staff_trades.ts).
 */

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('ledger_entries', (table) => {
      table.string('comment', 500).nullable()
    })

    this.schema.createTable('idempotency_keys', (table) => {
      table.increments('id')
      table
        .integer('staff_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('key', 255).notNullable()
      /** What the key was first used for (route and body digest): another use of the key is refused. */
      table.string('fingerprint', 128).notNullable()
      table.integer('status').notNullable()
      table.text('response').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['staff_id', 'key'])
    })

    this.schema.createTable('order_list_counts', (table) => {
      table.integer('bucket').primary()
      table.integer('open').notNullable().defaultTo(0)
      table.integer('closed').notNullable().defaultTo(0)
    })

    this.schema.raw(
      'CREATE INDEX orders_open_idx ON orders (id) WHERE close_time IS NULL AND deleted_at IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX orders_closed_idx ON orders (id) WHERE close_time IS NOT NULL AND deleted_at IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX orders_user_live_idx ON orders (user_id, id) WHERE deleted_at IS NULL'
    )

    if (this.db.dialect.name === 'postgres') {
      // Statement-level with transition tables: a statement touching a million orders makes one
      // upsert per block, not a million (a bulk load would otherwise leave a million dead versions
      // of a thousand rows).
      const delta = (rows: string, sign: '+' | '-') => `
        SELECT id / ${ORDER_COUNT_BLOCK} AS bucket,
               ${sign}SUM(CASE WHEN close_time IS NULL THEN 1 ELSE 0 END) AS open,
               ${sign}SUM(CASE WHEN close_time IS NULL THEN 0 ELSE 1 END) AS closed
        FROM ${rows} WHERE deleted_at IS NULL GROUP BY id / ${ORDER_COUNT_BLOCK}`
      const apply = (source: string) => `
        INSERT INTO order_list_counts (bucket, open, closed)
        SELECT bucket, SUM(open), SUM(closed) FROM (${source}) AS d
        GROUP BY bucket HAVING SUM(open) <> 0 OR SUM(closed) <> 0
        ON CONFLICT (bucket) DO UPDATE
          SET open = order_list_counts.open + EXCLUDED.open,
              closed = order_list_counts.closed + EXCLUDED.closed;`
      for (const [op, body] of [
        ['insert', apply(delta('new_rows', '+'))],
        ['update', apply(`${delta('new_rows', '+')} UNION ALL ${delta('old_rows', '-')}`)],
        ['delete', apply(delta('old_rows', '-'))],
      ]) {
        this.schema.raw(`
          CREATE OR REPLACE FUNCTION orders_list_count_${op}() RETURNS trigger AS $$
          BEGIN
            ${body}
            RETURN NULL;
          END
          $$ LANGUAGE plpgsql
        `)
      }
      this.schema.raw(`CREATE TRIGGER orders_list_count_insert AFTER INSERT ON orders
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_list_count_insert()`)
      this.schema.raw(`CREATE TRIGGER orders_list_count_update AFTER UPDATE ON orders
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_list_count_update()`)
      this.schema.raw(`CREATE TRIGGER orders_list_count_delete AFTER DELETE ON orders
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_list_count_delete()`)
    } else {
      const bump = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
        `open = open ${sign} (${row}.deleted_at IS NULL AND ${row}.close_time IS NULL),
         closed = closed ${sign} (${row}.deleted_at IS NULL AND ${row}.close_time IS NOT NULL)`
      this.schema.raw(`
        CREATE TRIGGER orders_list_count_insert AFTER INSERT ON orders BEGIN
          INSERT OR IGNORE INTO order_list_counts (bucket, open, closed) VALUES (NEW.id / ${ORDER_COUNT_BLOCK}, 0, 0);
          UPDATE order_list_counts SET ${bump('NEW', '+')} WHERE bucket = NEW.id / ${ORDER_COUNT_BLOCK};
        END
      `)
      this.schema.raw(`
        CREATE TRIGGER orders_list_count_update AFTER UPDATE OF close_time, deleted_at ON orders BEGIN
          INSERT OR IGNORE INTO order_list_counts (bucket, open, closed) VALUES (NEW.id / ${ORDER_COUNT_BLOCK}, 0, 0);
          UPDATE order_list_counts SET
            open = open - (OLD.deleted_at IS NULL AND OLD.close_time IS NULL) + (NEW.deleted_at IS NULL AND NEW.close_time IS NULL),
            closed = closed - (OLD.deleted_at IS NULL AND OLD.close_time IS NOT NULL) + (NEW.deleted_at IS NULL AND NEW.close_time IS NOT NULL)
          WHERE bucket = NEW.id / ${ORDER_COUNT_BLOCK};
        END
      `)
      this.schema.raw(`
        CREATE TRIGGER orders_list_count_delete AFTER DELETE ON orders BEGIN
          UPDATE order_list_counts SET ${bump('OLD', '-')} WHERE bucket = OLD.id / ${ORDER_COUNT_BLOCK};
        END
      `)
    }

    // Orders written before this migration.
    this.schema.raw(`
      INSERT INTO order_list_counts (bucket, open, closed)
      SELECT id / ${ORDER_COUNT_BLOCK},
             SUM(CASE WHEN close_time IS NULL THEN 1 ELSE 0 END),
             SUM(CASE WHEN close_time IS NULL THEN 0 ELSE 1 END)
      FROM orders WHERE deleted_at IS NULL
      GROUP BY id / ${ORDER_COUNT_BLOCK}
    `)
  }

  async down() {
    for (const op of ['insert', 'update', 'delete']) {
      if (this.db.dialect.name === 'postgres') {
        this.schema.raw(`DROP TRIGGER IF EXISTS orders_list_count_${op} ON orders`)
        this.schema.raw(`DROP FUNCTION IF EXISTS orders_list_count_${op}()`)
      } else {
        this.schema.raw(`DROP TRIGGER IF EXISTS orders_list_count_${op}`)
      }
    }
    this.schema.raw('DROP INDEX IF EXISTS orders_user_live_idx')
    this.schema.raw('DROP INDEX IF EXISTS orders_closed_idx')
    this.schema.raw('DROP INDEX IF EXISTS orders_open_idx')
    this.schema.dropTable('order_list_counts')
    this.schema.dropTable('idempotency_keys')
    this.schema.alterTable('ledger_entries', (table) => {
      table.dropColumn('comment')
    })
  }
}
