import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The risk engine's reconciler (issue 22 item 2) sums the open orders per
 * wallet in wallet order. A partial index holds only the open orders, so a
 * step reads the same few thousand entries with ten million closed orders as
 * with none (the cold start pages through `orders_open_idx` of migration 14).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'CREATE INDEX orders_open_balance_id_index ON orders (balance_id, id) ' +
        'WHERE close_time IS NULL AND deleted_at IS NULL'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX orders_open_balance_id_index')
  }
}
