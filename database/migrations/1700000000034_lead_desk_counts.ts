import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The desks' totals kept by the database (issue 25 item 5): 'Total: N' of an unfiltered desk
 * is the sum of `n` over the rows of `lead_desk_counts` that match the desk and the viewer's
 * branches, instead of a count of up to 1,200,000 leads. Triggers on `leads` append a row per
 * change (+1 / −1 per desk and owners) in the writing transaction, so the sum is exact in every
 * snapshot; appending never waits on another writer's row (a single counter row per desk would
 * queue every lead intake behind a CSV import). The web processes' housekeeping folds the rows
 * into one per key (app/services/lead_desk_counts.ts).
 */
const KEY = '"group", manager_id, agent_id, ret_agent_id'

/** PostgreSQL: one row per key and statement, from the statement's transition tables. */
const PG_KEEP = `
CREATE OR REPLACE FUNCTION lead_desk_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_desk_counts (${KEY}, n)
    SELECT ${KEY}, count(*) FROM added GROUP BY ${KEY};
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_desk_counts (${KEY}, n)
    SELECT ${KEY}, -count(*) FROM removed GROUP BY ${KEY};
  ELSE
    INSERT INTO lead_desk_counts (${KEY}, n)
    SELECT ${KEY}, sum(n) FROM (
      SELECT ${KEY}, -1 AS n FROM removed
      UNION ALL
      SELECT ${KEY}, 1 AS n FROM added
    ) AS moved
    GROUP BY ${KEY} HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$`

const PG_CLEAR = `
CREATE OR REPLACE FUNCTION lead_desk_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_desk_counts;
  RETURN NULL;
END $$`

const PG_TRIGGERS = [
  `CREATE TRIGGER lead_desk_counts_insert AFTER INSERT ON leads
   REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION lead_desk_counts_keep()`,
  `CREATE TRIGGER lead_desk_counts_update AFTER UPDATE ON leads
   REFERENCING OLD TABLE AS removed NEW TABLE AS added
   FOR EACH STATEMENT EXECUTE FUNCTION lead_desk_counts_keep()`,
  `CREATE TRIGGER lead_desk_counts_delete AFTER DELETE ON leads
   REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION lead_desk_counts_keep()`,
  `CREATE TRIGGER lead_desk_counts_truncate AFTER TRUNCATE ON leads
   FOR EACH STATEMENT EXECUTE FUNCTION lead_desk_counts_clear()`,
]

/** SQLite has no statement triggers: one row per lead changed. */
const keyOf = (row: 'NEW' | 'OLD') =>
  `${row}."group", ${row}.manager_id, ${row}.agent_id, ${row}.ret_agent_id`
const appendRow = (row: 'NEW' | 'OLD', n: 1 | -1) =>
  `INSERT INTO lead_desk_counts (${KEY}, n) VALUES (${keyOf(row)}, ${n});`
const SQLITE_TRIGGERS = [
  `CREATE TRIGGER lead_desk_counts_insert AFTER INSERT ON leads BEGIN ${appendRow('NEW', 1)} END`,
  `CREATE TRIGGER lead_desk_counts_delete AFTER DELETE ON leads BEGIN ${appendRow('OLD', -1)} END`,
  `CREATE TRIGGER lead_desk_counts_update AFTER UPDATE OF ${KEY} ON leads
   WHEN OLD."group" IS NOT NEW."group" OR OLD.manager_id IS NOT NEW.manager_id
     OR OLD.agent_id IS NOT NEW.agent_id OR OLD.ret_agent_id IS NOT NEW.ret_agent_id
   BEGIN ${appendRow('OLD', -1)} ${appendRow('NEW', 1)} END`,
]

export default class extends BaseSchema {
  protected tableName = 'lead_desk_counts'

  async up() {
    const postgres = this.db.dialect.name === 'postgres'
    this.schema.createTable(this.tableName, (table) => {
      table.bigIncrements('id')
      table.string('group', 16).nullable()
      for (const column of ['manager_id', 'agent_id', 'ret_agent_id']) {
        table.integer(column).nullable()
      }
      /** Leads added (positive) or taken away (negative) under this key. */
      table.bigInteger('n').notNullable()
    })
    this.schema.raw(
      `INSERT INTO lead_desk_counts (${KEY}, n) SELECT ${KEY}, count(*) FROM leads GROUP BY ${KEY}`
    )
    if (postgres) {
      this.schema.raw(PG_KEEP)
      this.schema.raw(PG_CLEAR)
      for (const trigger of PG_TRIGGERS) this.schema.raw(trigger)
    } else {
      for (const trigger of SQLITE_TRIGGERS) this.schema.raw(trigger)
    }
  }

  async down() {
    const postgres = this.db.dialect.name === 'postgres'
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      if (event === 'truncate' && !postgres) continue
      this.schema.raw(
        `DROP TRIGGER IF EXISTS lead_desk_counts_${event}${postgres ? ' ON leads' : ''}`
      )
    }
    if (postgres) {
      this.schema.raw('DROP FUNCTION IF EXISTS lead_desk_counts_keep()')
      this.schema.raw('DROP FUNCTION IF EXISTS lead_desk_counts_clear()')
    }
    this.schema.dropTable(this.tableName)
  }
}
