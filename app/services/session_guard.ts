import type { HttpContext } from '@adonisjs/core/http'
import type { ConfigProvider } from '@adonisjs/core/types'
import { SessionGuard } from '@adonisjs/auth/session'
import type { GuardConfigProvider } from '@adonisjs/auth/types'
import type {
  SessionGuardOptions,
  SessionWithTokensUserProviderContract,
} from '@adonisjs/auth/types/session'
import { SIGN_IN_KEY } from '#domain/two_factor'

/**
 * The session guard, with one change for the test clients only:
 * `authenticateAsClient` is what Japa's `loginAs(user)` calls (the auth
 * package's api-client and browser-client plugins are its only callers; no
 * request path reaches it), and the session it hands them counts as a
 * completed sign-in, second factor included (two_factor_session.ts). Tests of
 * the second factor itself sign in through the real forms.
 */
export class BrokerSessionGuard<
  UserProvider extends SessionWithTokensUserProviderContract<unknown>,
> extends SessionGuard<true, UserProvider> {
  async authenticateAsClient(
    user: Parameters<SessionGuard<true, UserProvider>['authenticateAsClient']>[0]
  ) {
    const response = await super.authenticateAsClient(user)
    const userId = response.session?.[this.sessionKeyName]
    return { ...response, session: { ...response.session, [SIGN_IN_KEY]: userId } }
  }
}

/** `sessionGuard()` of @adonisjs/auth, building the guard above. */
export function brokerSessionGuard<
  UserProvider extends SessionWithTokensUserProviderContract<unknown>,
>(
  config: { provider: UserProvider | ConfigProvider<UserProvider> } & SessionGuardOptions<true>
): GuardConfigProvider<(ctx: HttpContext) => BrokerSessionGuard<UserProvider>> {
  return {
    async resolver(name, app) {
      const emitter = await app.container.make('emitter')
      const provider =
        'resolver' in config.provider ? await config.provider.resolver(app) : config.provider
      return (ctx) => new BrokerSessionGuard(name, ctx, config, emitter as any, provider)
    },
  }
}
