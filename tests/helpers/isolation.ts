import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import mail from '@adonisjs/mail/services/main'
import settings from '#services/settings_service'
import translationCache from '#services/translation_cache'
import { settleDeferred } from '#services/deferred'
import presence from '#services/presence'
import { requestsSettled } from '#tests/helpers/in_flight_requests'

/**
 * Every test of the group runs in a transaction rolled back afterwards (once the
 * requests still being answered are done), with
 * fresh throttles, nobody seen online, fresh settings and translation caches and a fake mailer (no test may reach
 * an SMTP server). A test that inspects mails calls `mail.fake()` itself to
 * get a fresh, empty collection; the teardown restores the real mailer.
 */
export function isolate(group: Group) {
  group.each.setup(async () => {
    await limiter.clear()
    await presence.forgetActivity()
    settings.forget()
    translationCache.forget()
    mail.fake()
    const rollback = await testUtils.db().withGlobalTransaction()
    return async () => {
      await requestsSettled()
      await settleDeferred()
      await rollback()
      settings.forget()
      translationCache.forget()
      mail.restore()
    }
  })
}
