import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import settings from '#services/settings_service'
import { connectionProblem } from '#domain/voiso_connection'

/** The `voiso` settings row (VOISO_SETTING; voiso_client.ts imports this file). */
const ROW = 'voiso'

/**
 * Keeps the last word on whether the saved Voiso key connects in the row's
 * value3 (app/domain/voiso_connection.ts), so every web process sees it
 * through the settings cache. Written only when it changes, and only for the
 * key and cluster it was seen with: a call that ends after the key was
 * replaced or disconnected writes nothing (no row is created either). The
 * change names the row, so the market role does not reload its feeds.
 */
export async function recordVoisoOutcome(
  config: { clusterId: string; apiKey: string },
  failure: string | null,
  message = ''
): Promise<void> {
  const problem = connectionProblem(failure, message)
  if (problem === undefined) return
  try {
    const rows = await db
      .from('settings')
      .where('key', ROW)
      .where('value1', config.clusterId)
      .where('value2', config.apiKey)
      .where((q) =>
        problem === null
          ? q.whereNotNull('value3')
          : q.whereNull('value3').orWhereNot('value3', problem)
      )
      .update({ value3: problem, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
    if (Number(Array.isArray(rows) ? rows[0] : rows) > 0) settings.changed(ROW)
  } catch (error) {
    // The call's own answer matters more than this note: never fail it for that.
    logger.warn({ err: error }, 'Voiso connection state not stored')
  }
}

/** Forgets the last word (a key just saved is judged afresh). */
export async function clearVoisoProblem(): Promise<void> {
  const rows = await db
    .from('settings')
    .where('key', ROW)
    .whereNotNull('value3')
    .update({ value3: null, updated_at: DateTime.now().toSQL({ includeOffset: false }) })
  if (Number(Array.isArray(rows) ? rows[0] : rows) > 0) settings.changed(ROW)
}
