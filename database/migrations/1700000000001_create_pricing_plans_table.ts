import { BaseSchema } from '@adonisjs/lucid/schema'
import { CATEGORIES } from '#domain/instruments'

export default class extends BaseSchema {
  protected tableName = 'pricing_plans'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.text('description').nullable()
      table.decimal('price', 24, 8).notNullable().defaultTo('0')
      for (const category of CATEGORIES) {
        table.integer(`${category}_leverage`).nullable()
        table.decimal(`${category}_stopout`, 8, 2).nullable()
      }
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
