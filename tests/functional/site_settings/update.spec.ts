import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Setting from '#models/setting'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import { postSiteSettings, SITE_FORM, stored } from '#tests/helpers/site_settings'

/*
| POST /admin/settings (admin spec §3 Site settings, §5 'required', §7
| multipart, §8 'Settings updated successfully'): what is stored, every
| refusal (422 under the field, nothing written), secrets and the audit row.
*/

const SECRET = 'captcha-secret-Pq7mZ2'
const WEBHOOK = 'leads-webhook-key-Wx81'

/** Every settings row as it stands, to see that a refusal wrote nothing. */
async function allSettings() {
  return (await Setting.query().orderBy('key')).map((s) => [s.key, s.value1])
}

const auditCount = async () => Number((await db.from('audit_logs').count('* as n'))[0].n)

test.group('Site Settings save (POST /admin/settings)', (group) => {
  isolate(group)

  test("every field is stored in the on/off style; the toast is the spec's", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await postSiteSettings(client, admin, {
      appName: '  Orion Markets ',
      appUrl: 'https://orion.example.com/',
      appCurrency: 'eur, usd',
      demoBalance: '2500.50',
      whatsapp: '+44 20 7946 0958',
      theme: 'false',
      kycDeposit: 'false',
      kycWithdraw: 'true',
      kycTrade: 'false',
      pricingPlan: 'false',
      emailVerify: 'false',
      showUserInfoAgent: 'true',
      stopLossSelector: 'pips',
      captchaClientKey: 'site-key-1',
    })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { message: 'Settings updated successfully' })
    const expected: Record<string, string> = {
      appName: 'Orion Markets',
      appUrl: 'https://orion.example.com',
      appCurrency: 'EUR,USD',
      demoBalance: '2500.50',
      whatsapp: '+44 20 7946 0958',
      theme: 'light',
      kycDeposit: 'off',
      kycWithdraw: 'on',
      kycTrade: 'off',
      pricingPlan: 'off',
      emailVerify: 'off',
      showUserInfoAgent: 'on',
      stopLossSelector: 'pips',
      captchaClientKey: 'site-key-1',
      recaptchaToggle: 'off',
    }
    for (const [key, value] of Object.entries(expected)) assert.equal(await stored(key), value, key)
    ;(await postSiteSettings(client, admin, { theme: 'true' })).assertStatus(200)
    assert.equal(await stored('theme'), 'dark')
  })

  test('JSON is accepted too: booleans for switches, a demo balance as a JSON number read as its text', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const body = {
      ...SITE_FORM,
      theme: true,
      kycTrade: false,
      emailVerify: true,
      pricingPlan: true,
      kycDeposit: true,
      kycWithdraw: true,
      recaptchaToggle: false,
      showUserInfoAgent: false,
      demoBalance: 1234.5,
    }
    const response = await api(client, 'post', '/admin/settings', body).loginAs(admin)
    response.assertStatus(200)
    assert.equal(await stored('demoBalance'), '1234.5')
    assert.equal(await stored('kycTrade'), 'off')
  })

  test("appName, appUrl and appCurrency missing or blank: 'required' under each, nothing written", async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const before = await allSettings()
    const audits = await auditCount()
    for (const name of ['appName', 'appUrl', 'appCurrency']) {
      for (const value of [undefined, '', '   ']) {
        const response = await postSiteSettings(client, admin, {
          [name]: value,
          appName: name === 'appName' ? value : 'Changed',
        })
        response.assertStatus(422)
        assert.equal(fieldErrors(response.body())[name], 'required', `${name}=${value}`)
      }
    }
    const all = await postSiteSettings(client, admin, {
      appName: '',
      appUrl: '',
      appCurrency: '',
    })
    assert.deepEqual(
      Object.entries(fieldErrors(all.body()))
        .filter(([, m]) => m === 'required')
        .map(([f]) => f)
        .sort(),
      ['appCurrency', 'appName', 'appUrl']
    )
    assert.deepEqual(await allSettings(), before)
    assert.equal(await auditCount(), audits)
  })

  test('bad values are refused under their field with a clear message, nothing written', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const before = await allSettings()
    const demo = 'Demo balance must be an amount of 0 or more with at most 2 decimals'
    const url = 'App URL must be an http or https address such as https://broker.example.com'
    const currencies = 'Currencies must be 3 to 5 letter codes separated by commas, such as USD,EUR'
    const cases: [Record<string, string | string[]>, string, string][] = [
      [{ demoBalance: '-1' }, 'demoBalance', demo],
      [{ demoBalance: '1.005' }, 'demoBalance', demo],
      [{ demoBalance: '1e3' }, 'demoBalance', demo],
      [{ demoBalance: 'NaN' }, 'demoBalance', demo],
      [{ demoBalance: '1,000' }, 'demoBalance', demo],
      [{ demoBalance: '9999999999999' }, 'demoBalance', demo],
      [{ demoBalance: '' }, 'demoBalance', 'Demo balance is required'],
      [{ appUrl: 'javascript:alert(1)' }, 'appUrl', url],
      [{ appUrl: 'ftp://orion.example.com' }, 'appUrl', url],
      [{ appUrl: 'https://admin:pw@orion.example.com' }, 'appUrl', url],
      [{ appCurrency: 'US' }, 'appCurrency', currencies],
      [{ appCurrency: 'USD;EUR' }, 'appCurrency', currencies],
      [{ appName: 'N'.repeat(61) }, 'appName', 'App name must be at most 60 characters'],
      [{ whatsapp: 'call us' }, 'whatsapp', 'WhatsApp must be a phone number such as +15550100200'],
      [
        { stopLossSelector: 'percent' },
        'stopLossSelector',
        'Stop loss selector must be Amount or Pips',
      ],
      [{ stopLossSelector: '' }, 'stopLossSelector', 'Stop loss selector must be Amount or Pips'],
      [{ kycTrade: 'maybe' }, 'kycTrade', 'Choose on or off'],
      [{ theme: 'dark' }, 'theme', 'Choose on or off'],
      [{ emailVerify: undefined as unknown as string }, 'emailVerify', 'Choose on or off'],
      [
        { captchaSecretKey: 'x'.repeat(201) },
        'captchaSecretKey',
        'Captcha secret key must be at most 200 characters',
      ],
      [{ clear: ['appName'] }, 'clear.0', 'Only a secret field of this form can be cleared'],
      [
        { recaptchaToggle: 'true' },
        'recaptchaToggle',
        'reCAPTCHA needs the captcha client key and secret key',
      ],
    ]
    for (const [change, field, message] of cases) {
      const response = await postSiteSettings(client, admin, {
        appName: 'Should Not Save',
        ...change,
      })
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(change))
    }
    // JSON bodies: objects, arrays, floats, huge numbers.
    for (const [change, field] of [
      [{ demoBalance: 0.1 + 0.2 }, 'demoBalance'],
      [{ demoBalance: 1e21 }, 'demoBalance'],
      [{ demoBalance: -5 }, 'demoBalance'],
      [{ demoBalance: { $gt: 0 } }, 'demoBalance'],
      [{ appName: ['a', 'b'] }, 'appName'],
      [{ appLogo: 'logo.png' }, 'appLogo'],
      [{ kycTrade: 1 }, 'kycTrade'],
    ] as [Record<string, unknown>, string][]) {
      const response = await api(client, 'post', '/admin/settings', {
        ...SITE_FORM,
        theme: true,
        kycTrade: true,
        appName: 'Should Not Save',
        ...change,
      }).loginAs(admin)
      response.assertStatus(422)
      assert.property(fieldErrors(response.body()), field, JSON.stringify(change))
    }
    assert.deepEqual(await allSettings(), before)
  })

  test('secrets: a blank field keeps the stored one, a new one replaces it, clear erases it', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await postSiteSettings(client, admin, { captchaSecretKey: SECRET, webhookApiKeyLeads: WEBHOOK })
    assert.equal(await stored('captchaSecretKey'), SECRET)
    await postSiteSettings(client, admin, { captchaSecretKey: '', webhookApiKeyLeads: '' })
    assert.equal(await stored('captchaSecretKey'), SECRET)
    assert.equal(await stored('webhookApiKeyLeads'), WEBHOOK)
    await postSiteSettings(client, admin, { captchaSecretKey: 'replaced-secret' })
    assert.equal(await stored('captchaSecretKey'), 'replaced-secret')
    await postSiteSettings(client, admin, { clear: ['webhookApiKeyLeads'] })
    assert.isNull(await stored('webhookApiKeyLeads'))
    assert.equal(await stored('captchaSecretKey'), 'replaced-secret')
    // reCAPTCHA on with both keys (the secret kept from before) is accepted.
    const on = await postSiteSettings(client, admin, {
      recaptchaToggle: 'true',
      captchaClientKey: 'site-key',
    })
    on.assertStatus(200)
    assert.equal(await stored('recaptchaToggle'), 'on')
  })

  test('a secret appears in no response: the save, its refusals, the page, branding, the audit log', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const responses = [
      await postSiteSettings(client, admin, {
        captchaSecretKey: SECRET,
        webhookApiKeyLeads: WEBHOOK,
      }),
      // Refused with the secrets in the body: the error body must not echo them.
      await postSiteSettings(client, admin, {
        appName: '',
        captchaSecretKey: SECRET,
        webhookApiKeyLeads: WEBHOOK,
      }),
      await postSiteSettings(client, admin, { captchaSecretKey: SECRET + 'x'.repeat(200) }),
      await api(client, 'post', '/admin/settings', {
        ...SITE_FORM,
        theme: 'nope',
        captchaSecretKey: SECRET,
      }).loginAs(admin),
      await client.get('/admin/settings').loginAs(admin).withInertia(),
      await client.get('/admin/settings').loginAs(admin),
      await client.get('/admin/audit').loginAs(admin).withInertia(),
      await client.get('/admin/audit/api').loginAs(admin),
      await client.get('/admin/audit/api?action=settings.update').loginAs(admin),
      await client.get('/login').withInertia(),
      await client
        .get('/dashboard')
        .loginAs(await UserFactory.create())
        .withInertia(),
    ]
    for (const response of responses) {
      assert.isBelow(response.status(), 500)
      assert.notInclude(response.text(), SECRET)
      assert.notInclude(response.text(), WEBHOOK)
    }
    // The audit row names the change, masked.
    const row = await db
      .from('audit_logs')
      .where('action', 'settings.update')
      .where('target_id', 'site')
      .orderBy('id', 'desc')
      .first()
    assert.exists(row)
    assert.notInclude(row.changes, SECRET)
    assert.notInclude(row.changes, WEBHOOK)
    assert.property(JSON.parse(row.changes), 'captchaSecretKey')
  })

  test('a save leaves one audit row, before → after of the changed fields; a refusal leaves none', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await postSiteSettings(client, admin)
    const before = await auditCount()
    await postSiteSettings(client, admin, { appName: 'Orion Markets', kycTrade: 'false' })
    assert.equal(await auditCount(), before + 1)
    const row = await db.from('audit_logs').orderBy('id', 'desc').first()
    assert.containsSubset(row, {
      staff_id: admin.id,
      action: 'settings.update',
      target_type: 'setting',
      target_id: 'site',
    })
    assert.deepEqual(JSON.parse(row.changes), {
      appName: { before: 'Broker', after: 'Orion Markets' },
      kycTrade: { before: 'on', after: 'off' },
    })
    ;(await postSiteSettings(client, admin, { appUrl: 'nope' })).assertStatus(422)
    assert.equal(await auditCount(), before + 1)
    // Saving the same values again changes nothing and logs nothing.
    await postSiteSettings(client, admin, { appName: 'Orion Markets', kycTrade: 'false' })
    assert.equal(await auditCount(), before + 1)
  })
})
