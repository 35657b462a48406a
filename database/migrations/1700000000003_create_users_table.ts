import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('full_name', 160).notNullable()
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.smallint('role_id').notNullable().defaultTo(3).index()
      table.boolean('is_email_verified').notNullable().defaultTo(false)
      table.timestamp('email_verified_at').nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table
        .integer('pricing_table_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('pricing_plans')
        .onDelete('SET NULL')
      table.integer('active_balance_id').unsigned().nullable()
      table
        .integer('promo_code_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('promo_codes')
        .onDelete('SET NULL')
      table.timestamp('last_access_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('profiles', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('phone', 40).nullable()
      table.date('birth_date').nullable()
      table.string('country', 100).nullable()
      table.string('city', 100).nullable()
      table.string('address', 255).nullable()
      table.string('postal_code', 20).nullable()
      table
        .integer('manager_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('remember_me_tokens', (table) => {
      table.increments('id')
      table
        .integer('tokenable_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('hash').notNullable().unique()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.timestamp('expires_at').notNullable()
    })

    this.schema.createTable('password_reset_tokens', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      // Only a SHA-256 of the token is kept: a leaked table cannot reset passwords.
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('password_reset_tokens')
    this.schema.dropTable('remember_me_tokens')
    this.schema.dropTable('profiles')
    this.schema.dropTable(this.tableName)
  }
}
