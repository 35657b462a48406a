import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * How common each trigram is in the columns a lead search reads (issue 25 item 5): a search
 * gives the trigram index only its rare part (#domain/search_pieces) and checks the whole text
 * on the rows found. Filled on PostgreSQL from a sample of the leads by the housekeeping timer
 * (app/services/lead_search_trigrams.ts), at most daily; only trigrams held by at least 0.5 %
 * of the rows are kept, so an absent one is rare. SQLite has no trigram index and leaves it empty.
 */
export default class extends BaseSchema {
  protected tableName = 'lead_search_trigrams'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('column_name', 32).notNullable()
      /** As pg_trgm's show_trgm() prints it, lower-cased. */
      table.string('trigram', 16).notNullable()
      /** The share of the sampled leads whose value holds it, 0–1 (a statistic, not money). */
      table.double('share').notNullable()
      table.timestamp('refreshed_at').notNullable()
      table.primary(['column_name', 'trigram'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
