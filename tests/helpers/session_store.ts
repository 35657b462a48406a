import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import type { ResolvedSessionConfig, SessionStoreFactory } from '@adonisjs/session/types'

/**
 * Serves a group's requests with a real server-side session store. Japa's
 * session plugin writes `loginAs`/`withSession` sessions to the memory store,
 * so the suite runs on memory (.env.test); the groups that test the store
 * itself swap the session middleware for one built from config/session.ts with
 * `store` (or a store factory of the test's own) instead, and talk to the
 * server with real cookies (BrowserSession).
 */
export function useSessionStore(
  group: Group,
  store: 'database' | (() => Promise<SessionStoreFactory>)
) {
  group.setup(async () => {
    const config = (await configProvider.resolve(
      app,
      app.config.get('session')
    )) as ResolvedSessionConfig
    const swapped =
      store === 'database'
        ? { ...config, store }
        : {
            ...config,
            store: 'under_test',
            stores: { ...config.stores, under_test: await store() },
          }
    app.container.swap(SessionMiddleware, () => new SessionMiddleware(swapped, emitter))
    return () => app.container.restore(SessionMiddleware)
  })
}

/** The session id inside a signed `broker-session` cookie value (`s:<base64url message>.<signature>`). */
export function sessionIdOf(cookieValue: string) {
  const payload = decodeURIComponent(cookieValue).replace(/^s:/, '').split('.')[0]
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).message as string
}
