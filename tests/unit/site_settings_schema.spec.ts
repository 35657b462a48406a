import { test } from '@japa/runner'
import {
  currencyList,
  formValues,
  isPhoneNumber,
  isWebAddress,
  settingProblem,
  settingsProblems,
  storedText,
  type SettingField,
} from '#domain/settings_schema'
import { parseSiteSettings, SITE_SETTINGS, siteSettingsProblem } from '#domain/site_settings'

const field = (name: string) => SITE_SETTINGS.fields.find((f) => f.name === name)!

test.group('Site Settings schema', () => {
  test("every field of the spec, appName/appUrl/appCurrency with the spec's message 'required'", ({
    assert,
  }) => {
    assert.sameMembers(
      SITE_SETTINGS.fields.map((f) => f.name),
      [
        'appIcon',
        'appLogo',
        'authBackground',
        'appName',
        'appUrl',
        'appCurrency',
        'demoBalance',
        'captchaClientKey',
        'captchaSecretKey',
        'whatsapp',
        'webhookApiKeyLeads',
        'kycDeposit',
        'kycWithdraw',
        'kycTrade',
        'recaptchaToggle',
        'pricingPlan',
        'emailVerify',
        'showUserInfoAgent',
        'theme',
        'stopLossSelector',
      ]
    )
    for (const name of ['appName', 'appUrl', 'appCurrency']) {
      assert.equal(settingProblem(field(name), ''), 'required', name)
      assert.equal(settingProblem(field(name), undefined), 'required', name)
    }
  })

  test('addresses: http or https with a host, no credentials, no script', ({ assert }) => {
    for (const good of ['https://broker.example.com', 'http://localhost:3333', 'https://a.b/c?d=1'])
      assert.isTrue(isWebAddress(good), good)
    for (const bad of [
      'javascript:alert(1)',
      'ftp://files.example.com',
      'broker.example.com',
      'https://user:pass@example.com',
      'https:// spaced.example.com',
      'https://',
      'data:text/html,<script>',
    ])
      assert.isFalse(isWebAddress(bad), bad)
    assert.equal(
      storedText(field('appUrl'), ' https://broker.example.com/ '),
      'https://broker.example.com'
    )
  })

  test('currencies: codes separated by commas, upper-cased, without repeats', ({ assert }) => {
    assert.deepEqual(currencyList('usd, EUR ,usd'), ['USD', 'EUR'])
    assert.isNull(currencyList('US'))
    assert.isNull(currencyList('USD,,EUR'))
    assert.isNull(currencyList('USD;EUR'))
    assert.isNull(currencyList(Array(21).fill('USD').join(',')))
    assert.equal(storedText(field('appCurrency'), 'eur, usd,eur'), 'EUR,USD')
    assert.include(settingProblem(field('appCurrency'), 'dollars')!, 'Currencies must be')
  })

  test('demo balance: a non-negative amount of at most 2 decimals, kept as text', ({ assert }) => {
    const demo = field('demoBalance')
    for (const good of ['0', '10000', '12345.67', 250, '007.5'])
      assert.isUndefined(settingProblem(demo, good), String(good))
    for (const bad of ['-1', '1.005', '1e3', 'abc', 1e21, 0.30000000000000004, '1,000', true, {}])
      assert.equal(
        settingProblem(demo, bad),
        'Demo balance must be an amount of 0 or more with at most 2 decimals',
        String(bad)
      )
    assert.equal(storedText(demo, '007.5'), '7.5')
  })

  test('phone numbers for the WhatsApp widget; blank is allowed (no widget)', ({ assert }) => {
    assert.isTrue(isPhoneNumber('+1 (555) 010-0200'))
    assert.isFalse(isPhoneNumber('call me'))
    assert.isFalse(isPhoneNumber('+12'))
    assert.isUndefined(settingProblem(field('whatsapp'), ''))
    assert.isNull(storedText(field('whatsapp'), ' '))
  })

  test("switches: booleans or their multipart text; theme stored 'dark'/'light', the others on/off", ({
    assert,
  }) => {
    const theme = field('theme')
    const kyc = field('kycTrade')
    assert.equal(storedText(theme, true), 'dark')
    assert.equal(storedText(theme, 'false'), 'light')
    assert.equal(storedText(kyc, 'true'), 'on')
    assert.equal(storedText(kyc, false), 'off')
    assert.equal(settingProblem(kyc, 'maybe'), 'Choose on or off')
    const { values } = formValues(SITE_SETTINGS, {
      theme: { value1: 'light' },
      kycTrade: { value1: 'on' },
    })
    assert.isFalse(values.theme)
    assert.isTrue(values.kycTrade)
    assert.equal(parseSiteSettings({ theme: { value1: 'light' } }).theme, 'light')
    assert.equal(parseSiteSettings({ theme: { value1: 'dark' } }).theme, 'dark')
    assert.equal(parseSiteSettings({}).theme, 'dark')
  })

  test('secrets and files never travel as form values', ({ assert }) => {
    const { values, secretsSet, files } = formValues(SITE_SETTINGS, {
      captchaSecretKey: { value1: 'very-secret' },
      appLogo: { value1: 'branding/x.png' },
    })
    assert.equal(values.captchaSecretKey, '')
    assert.deepEqual(secretsSet, ['captchaSecretKey'])
    assert.notProperty(values, 'appLogo')
    assert.deepEqual(files, { appIcon: null, appLogo: 'branding/x.png', authBackground: null })
    const stopLoss: SettingField = field('stopLossSelector')
    assert.equal(settingProblem(stopLoss, 'percent'), 'Stop loss selector must be Amount or Pips')
    assert.deepEqual(
      settingsProblems(SITE_SETTINGS, { ...values, appUrl: 'https://x.example' }),
      {}
    )
  })

  test('reCAPTCHA switched on needs both keys', ({ assert }) => {
    assert.deepEqual(siteSettingsProblem({ recaptchaToggle: 'on', captchaClientKey: 'k' }), {
      field: 'recaptchaToggle',
      message: 'reCAPTCHA needs the captcha client key and secret key',
    })
    assert.isUndefined(
      siteSettingsProblem({ recaptchaToggle: 'on', captchaClientKey: 'k', captchaSecretKey: 's' })
    )
    assert.isUndefined(siteSettingsProblem({ recaptchaToggle: 'off' }))
  })
})
