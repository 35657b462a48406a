import { BaseSchema } from '@adonisjs/lucid/schema'
import { DateTime } from 'luxon'

/**
 * The CRM (issue 13): sales statuses, teams, leads with their notes and call
 * attempts. A lead's desk is `group` (null: a registered client no desk has
 * taken yet, see docs/DECISIONS.md "CRM: leads, desks and who sees what").
 * Search indexes for millions of rows come with the benchmark's migration.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sales_statuses', (table) => {
      table.increments('id')
      table.string('status', 60).notNullable().unique()
      table.boolean('is_default').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('teams', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('code', 32).notNullable().unique()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('RESTRICT')
        .index()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })

    this.schema.createTable('team_members', (table) => {
      table.increments('id')
      table
        .integer('team_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('teams')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
        .index()
      table.unique(['team_id', 'user_id'])
    })

    this.schema.createTable('leads', (table) => {
      table.increments('id')
      table.string('first_name', 100).nullable()
      table.string('last_name', 100).nullable()
      // Lower-cased on write: one lead per address, matched without regard to case.
      table.string('email', 254).nullable().unique()
      table.string('phone', 40).nullable()
      table.string('city', 100).nullable()
      table.string('country', 100).nullable()
      table.string('funnel_link', 500).nullable()
      table.string('reference', 120).nullable()
      table.string('lead_source_id', 120).nullable()
      table
        .integer('sales_status_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('sales_statuses')
        .onDelete('RESTRICT')
        .index()
      // sales | retentions | archived; null: a registered client not yet on a desk.
      table.string('group', 16).nullable()
      table.string('source', 8).notNullable().defaultTo('manual')
      for (const column of ['affiliate_id', 'manager_id', 'agent_id', 'ret_agent_id']) {
        table
          .integer(column)
          .unsigned()
          .nullable()
          .references('id')
          .inTable('users')
          .onDelete('SET NULL')
          .index()
      }
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('registered_at').nullable()
      table.timestamp('deposited_at').nullable()
      table.timestamp('ftd_at').nullable()
      table.timestamp('last_access_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['group', 'id'])
      table.index(['phone'])
    })

    this.schema.createTable('lead_notes', (table) => {
      table.increments('id')
      table
        .integer('lead_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('leads')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.text('content').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['lead_id', 'id'])
    })

    this.schema.createTable('lead_calls', (table) => {
      table.increments('id')
      table
        .integer('lead_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('leads')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('agent_email', 254).notNullable()
      // started | failed
      table.string('result', 16).notNullable()
      table.string('message', 255).nullable()
      table.string('provider_call_id', 100).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['lead_id', 'id'])
    })

    // The lead form's default status ('New', CRM spec §2.10) exists from the start.
    this.defer(async (db) => {
      await db.table('sales_statuses').insert({
        status: 'New',
        is_default: true,
        created_at: DateTime.now().toSQL({ includeOffset: false }),
      })
    })
  }

  async down() {
    this.schema.dropTable('lead_calls')
    this.schema.dropTable('lead_notes')
    this.schema.dropTable('leads')
    this.schema.dropTable('team_members')
    this.schema.dropTable('teams')
    this.schema.dropTable('sales_statuses')
  }
}
