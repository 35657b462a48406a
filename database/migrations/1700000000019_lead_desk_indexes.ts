import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The indexes the CRM's lead lists need at millions of rows (issue 13 item 7,
 * measured by `npm run bench:lead-desks`, docs/BENCHMARKS.md). Every list
 * narrows by desk (`group`) first, so each index leads with it:
 *
 * - status and source filters, and their counts, read one index range;
 * - the agent, retention-agent, manager and affiliate columns serve an
 *   agent's or affiliate's own desk, the agent filters, and each disjoint part
 *   of a manager's view
 *   (app/queries/lead_visibility.ts), counted from the index alone (on
 *   PostgreSQL the other owner columns ride along as INCLUDE columns);
 * - the unassigned pool (no manager, agent or retention agent), which every
 *   manager sees, has its own partial index;
 * - date ranges read (group, created_at) or (group, registered_at);
 * - search (`%text%` over first and last name, e-mail and phone) uses trigram
 *   GIN indexes on PostgreSQL (pg_trgm, a trusted extension: the database
 *   owner may create it). SQLite scans the desk instead.
 */
const SHARED = [
  ['leads_group_status_source_id_index', '"group", sales_status_id, source, id'],
  ['leads_group_source_id_index', '"group", source, id'],
  ['leads_group_affiliate_id_index', '"group", affiliate_id, id'],
  ['leads_group_created_at_index', '"group", created_at'],
  ['leads_group_registered_at_index', '"group", registered_at'],
] as const

const OWNERS = [
  ['leads_group_manager_id_index', '"group", manager_id, id', 'agent_id, ret_agent_id'],
  ['leads_group_agent_id_index', '"group", agent_id, id', 'manager_id'],
  ['leads_group_ret_agent_id_index', '"group", ret_agent_id, id', 'manager_id, agent_id'],
] as const

const UNASSIGNED =
  'CREATE INDEX leads_unassigned_index ON leads ("group", id) ' +
  'WHERE manager_id IS NULL AND agent_id IS NULL AND ret_agent_id IS NULL'

const TRIGRAM = [
  ['leads_first_name_trgm_index', 'lower(first_name)'],
  ['leads_last_name_trgm_index', 'lower(last_name)'],
  ['leads_email_trgm_index', 'email'],
  ['leads_phone_trgm_index', 'phone'],
] as const

/**
 * A bulk move rewrites every index entry of the leads it moves. GIN's pending
 * list makes that cheap (1.2 s for 10,000 leads; without it 2.4 s), but each
 * search reads the list whole and the planner prices it in: kept short.
 */
const GIN_OPTIONS = 'fastupdate = on, gin_pending_list_limit = 256'

export default class extends BaseSchema {
  async up() {
    const postgres = this.db.dialect.name === 'postgres'
    for (const [name, columns] of SHARED) {
      this.schema.raw(`CREATE INDEX ${name} ON leads (${columns})`)
    }
    for (const [name, columns, included] of OWNERS) {
      const include = postgres ? ` INCLUDE (${included})` : ''
      this.schema.raw(`CREATE INDEX ${name} ON leads (${columns})${include}`)
    }
    this.schema.raw(UNASSIGNED)
    if (!postgres) return
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    for (const [name, expression] of TRIGRAM) {
      this.schema.raw(
        `CREATE INDEX ${name} ON leads USING gin (${expression} gin_trgm_ops) WITH (${GIN_OPTIONS})`
      )
    }
  }

  async down() {
    const postgres = this.db.dialect.name === 'postgres'
    const names = [
      ...SHARED.map(([name]) => name),
      ...OWNERS.map(([name]) => name),
      'leads_unassigned_index',
      ...(postgres ? TRIGRAM.map(([name]) => name) : []),
    ]
    for (const name of names) this.schema.raw(`DROP INDEX IF EXISTS ${name}`)
  }
}
