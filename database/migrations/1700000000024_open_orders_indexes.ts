import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The risk engine's book of open positions (issue 22 item 2): its cold start
 * pages through the open orders by id, its reconciler sums them per wallet in
 * wallet order. Partial indexes hold only the open orders, so both stay as
 * fast with ten million closed orders as with none (PostgreSQL and SQLite
 * both use a partial index when the query repeats its WHERE).
 */
const OPEN = 'WHERE close_time IS NULL AND deleted_at IS NULL'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX orders_open_id_index ON orders (id) ${OPEN}`)
    this.schema.raw(`CREATE INDEX orders_open_balance_id_index ON orders (balance_id, id) ${OPEN}`)
  }

  async down() {
    this.schema.raw('DROP INDEX orders_open_balance_id_index')
    this.schema.raw('DROP INDEX orders_open_id_index')
  }
}
