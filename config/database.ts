import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'

const sqliteSetting = env.get('SQLITE_PATH', 'tmp/db.sqlite3')
const sqlitePath = sqliteSetting.startsWith('/') ? sqliteSetting : app.makePath(sqliteSetting)
// A fresh clone has no tmp/: create the database's folder rather than fail.
if (env.get('DB_CONNECTION', 'sqlite') === 'sqlite')
  mkdirSync(dirname(sqlitePath), { recursive: true })

/*
 * Tests: SQLite's one pooled connection is given up after 2 s instead of knex's 60. A query a
 * transaction's callback sends on the global connection waits for the connection that
 * transaction holds: in production the app stalls for a minute and answers 500; in tests it fails
 * at once (docs/DECISIONS.md, "Reads inside a transaction"). Legitimate waits (concurrent
 * requests queueing for the connection) stay well below it.
 */
const sqliteAcquireTimeout = env.get('NODE_ENV') === 'test' ? 2_000 : undefined

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: {
        filename: sqlitePath,
      },
      useNullAsDefault: true,
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
      pool: {
        acquireTimeoutMillis: sqliteAcquireTimeout,
        // WAL lets readers proceed while a writer commits; busy_timeout waits out
        // a lock held by another process instead of failing at once.
        afterCreate: (conn: any, done: (error: Error | null, conn: any) => void) => {
          conn.pragma('journal_mode = WAL')
          conn.pragma('busy_timeout = 5000')
          conn.pragma('foreign_keys = ON')
          done(null, conn)
        },
      },
    },
    pg: {
      client: 'pg',
      connection: {
        host: env.get('PG_HOST', '127.0.0.1'),
        port: env.get('PG_PORT', 5432),
        user: env.get('PG_USER', 'postgres'),
        password: env.get('PG_PASSWORD', ''),
        database: env.get('PG_DB_NAME', 'broker'),
      },
      migrations: {
        naturalSort: true,
        paths: ['database/migrations'],
      },
    },
  },
})

export default dbConfig
