import { test } from '@japa/runner'
import { captchaRequired, parseCurrencies, parseSiteSettings } from '#domain/site_settings'

test.group('site settings', () => {
  test('defaults when nothing is stored', ({ assert }) => {
    const s = parseSiteSettings({})
    assert.equal(s.appName, 'Broker')
    assert.deepEqual(s.appCurrencies, ['USD'])
    assert.equal(s.theme, 'dark')
    assert.equal(s.stopLossSelector, 'amount')
    assert.equal(s.demoBalance, '0')
    assert.isFalse(s.switches.emailVerify)
  })

  test('reads on/off switches, theme and selector', ({ assert }) => {
    const s = parseSiteSettings({
      emailVerify: { value1: 'on' },
      kycTrade: { value1: 'off' },
      theme: { value1: 'light' },
      stopLossSelector: { value1: 'pips' },
      demoBalance: { value1: '10000' },
    })
    assert.isTrue(s.switches.emailVerify)
    assert.isFalse(s.switches.kycTrade)
    assert.equal(s.theme, 'light')
    assert.equal(s.stopLossSelector, 'pips')
    assert.equal(s.demoBalance, '10000')
  })

  test('currencies are a de-duplicated upper-case list', ({ assert }) => {
    assert.deepEqual(parseCurrencies('usd, EUR,usd,,x'), ['USD', 'EUR'])
  })

  test('a malformed demo balance falls back to zero', ({ assert }) => {
    assert.equal(parseSiteSettings({ demoBalance: { value1: '1e9' } }).demoBalance, '0')
  })

  test('captcha is required only when on and both keys exist', ({ assert }) => {
    const on = { recaptchaToggle: { value1: 'on' } }
    assert.isFalse(captchaRequired(parseSiteSettings(on)))
    assert.isTrue(
      captchaRequired(
        parseSiteSettings({
          ...on,
          captchaClientKey: { value1: 'k' },
          captchaSecretKey: { value1: 's' },
        })
      )
    )
  })
})
