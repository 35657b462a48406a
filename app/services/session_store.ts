import type User from '#models/user'

/**
 * The parts of a request the sign-in code uses, without the rest of the HTTP
 * context, so that actions and services need not take the whole request: a
 * controller or middleware passes its `ctx`, which has all of them; a test
 * may pass a stand-in.
 */

/** A request's server session (`ctx.session`). */
export interface SessionStore {
  readonly sessionId: string
  get(key: string): any
  put(key: string, value: unknown): void
  forget(key: string): void
  regenerate(): void
}

/** Something that carries a session (`ctx`). */
export interface WithSession {
  session: SessionStore
}

/** The web guard (`ctx.auth.use('web')`): signs an account in or out on this session. */
export interface WebGuard {
  readonly viaRemember: boolean
  login(user: User, remember?: boolean): Promise<void>
  logout(): Promise<void>
}

/** A session and its signed-in account (`ctx`): what the sign-in and login-as steps work on. */
export interface SignInSession extends WithSession {
  auth: { readonly user?: User; use(guard: 'web'): WebGuard }
}
