import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A deleted trade keeps its row for the audit trail (admin spec §4: any order
 * can be deleted; a broker may not lose its records): `deleted_at` hides it
 * from lists, statements and totals, `deleted_by` names the staff member.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('orders', (table) => {
      table.timestamp('deleted_at').nullable()
      table.integer('deleted_by').unsigned().nullable().references('id').inTable('users')
    })
  }

  async down() {
    this.schema.alterTable('orders', (table) => {
      table.dropColumn('deleted_by')
      table.dropColumn('deleted_at')
    })
  }
}
