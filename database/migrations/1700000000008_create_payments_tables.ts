import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('payment_gateways', (table) => {
      table.increments('id')
      table.string('name', 80).notNullable()
      table.string('value', 32).notNullable().unique()
      table.string('kind', 12).notNullable().defaultTo('automatic')
      for (const n of [1, 2, 3, 4, 5]) table.text(`key${n}`).nullable()
      table.decimal('fee', 8, 4).notNullable().defaultTo('0')
      table.boolean('is_active').notNullable().defaultTo(false)
      table.string('logo_path', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('external_payments', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('link', 500).notNullable()
      table.string('custom_label', 120).nullable()
      table.string('custom_value', 255).nullable()
      table.string('logo_path', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    for (const name of ['deposits', 'withdrawals'] as const) {
      this.schema.createTable(name, (table) => {
        table.increments('id')
        table
          .integer('user_id')
          .unsigned()
          .notNullable()
          .references('id')
          .inTable('users')
          .onDelete('CASCADE')
        table
          .integer('balance_id')
          .unsigned()
          .notNullable()
          .references('id')
          .inTable('balances')
          .onDelete('CASCADE')
        table.string('gateway', 32).notNullable()
        table.decimal('amount', 24, 8).notNullable()
        table.decimal('fee', 24, 8).notNullable().defaultTo('0')
        table.decimal('total', 24, 8).notNullable()
        table.text('description').nullable()
        table.string('status', 12).notNullable().defaultTo('pending').index()
        table.decimal('balance_after', 24, 8).nullable()
        table.integer('decided_by_id').unsigned().nullable()
        table.timestamp('decided_at').nullable()
        if (name === 'deposits') {
          table.string('tx_ref', 64).notNullable().unique()
          table.string('provider_reference', 255).nullable()
          table.text('payment_link').nullable()
          table.string('proof_path', 255).nullable()
        } else {
          table.text('decline_reason').nullable()
        }
        table.timestamp('created_at').notNullable()
        table.timestamp('updated_at').nullable()
        table.index(['user_id', 'id'])
      })
    }

    this.schema.createTable('kyc_documents', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('type', 20).notNullable()
      table.string('front_path', 255).nullable()
      table.string('back_path', 255).nullable()
      table.string('address_path', 255).nullable()
      table.string('status', 12).notNullable().defaultTo('pending').index()
      table.text('decline_reason').nullable()
      table.integer('reviewed_by_id').unsigned().nullable()
      table.timestamp('reviewed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['user_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('kyc_documents')
    this.schema.dropTable('withdrawals')
    this.schema.dropTable('deposits')
    this.schema.dropTable('external_payments')
    this.schema.dropTable('payment_gateways')
  }
}
