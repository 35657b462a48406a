import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import settings from '#services/settings_service'
import { seedDemo } from '#database/demo/seed_demo'

/** Drops and recreates the schema, then loads the demo data every suite starts from. */
export async function resetTestDatabase() {
  const ace = await app.container.make('ace')
  const command = await ace.exec('migration:fresh', ['--force'])
  if (command.exitCode) throw command.error ?? new Error('migration:fresh failed')
  settings.forget()
  await seedDemo()
}

/** Sets a site setting for one test; returns a restore function. */
export async function withSetting(key: string, value1: string | null) {
  const previous = await db.from('settings').where('key', key).first()
  await settings.put(key, { value1 })
  return async () => {
    await settings.put(key, { value1: previous?.value1 ?? null })
  }
}
