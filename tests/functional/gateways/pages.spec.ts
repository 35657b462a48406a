import { test } from '@japa/runner'
import { GATEWAY_FORMS, GATEWAY_VALUES, type GatewayValue, type KeySlot } from '#domain/gateways'
import { isolate } from '#tests/helpers/isolation'
import { configureGateway } from '#tests/helpers/deposits'
import { userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { api } from '#tests/helpers/http'

const AUTOMATIC = GATEWAY_VALUES.filter((value) => GATEWAY_FORMS[value].kind === 'automatic')
const MANUAL = GATEWAY_VALUES.filter((value) => GATEWAY_FORMS[value].kind === 'manual')

/** A distinctive value per slot of every kind: secrets are marked so any leak is easy to find. */
function valueFor(value: GatewayValue, slot: KeySlot, secret: boolean) {
  return secret ? `SECRET-${value}-${slot}-do-not-leak` : `shown-${value}-${slot}`
}

/** Fills every field of every gateway; answers the secret values written. */
async function configureEverything() {
  const secrets: string[] = []
  for (const value of GATEWAY_VALUES) {
    const keys: Partial<Record<KeySlot, string>> = {}
    for (const field of GATEWAY_FORMS[value].fields) {
      keys[field.slot] = field.options
        ? field.options[0]
        : valueFor(value, field.slot, !!field.secret)
      if (field.secret) secrets.push(keys[field.slot]!)
    }
    await configureGateway(value, keys, { fee: '1.5', active: true })
  }
  return secrets
}

test.group('Gateway pages', (group) => {
  isolate(group)

  test('GET /admin/gateways renders the Automatic grid, /admin/gateways/manual the Manual grid', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const [path, component, kinds] of [
      ['/admin/gateways', 'staff/gateways/automatic', AUTOMATIC],
      ['/admin/gateways/manual', 'staff/gateways/manual', MANUAL],
    ] as const) {
      const response = await client.get(path).loginAs(admin).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent(component)
      response.assertInertiaPropsContains({
        fileRules: { maxMb: 1, accept: 'image/png,image/jpeg,image/webp' },
      })
      const gateways = response.inertiaProps.gateways as { value: string }[]
      assert.deepEqual(
        gateways.map((g) => g.value),
        [...kinds]
      )
    }
  })

  test('a card carries shown values, whether each secret is set, fee and state — never a secret', async ({
    client,
    assert,
  }) => {
    await configureGateway(
      'paypal',
      { key1: 'client-id-123', key2: 'paypal-secret-xyz', key3: 'live' },
      { fee: '2.5', active: true }
    )
    await configureGateway('stripe', { key1: 'sk_test_secret_abc', key2: null }, { active: false })
    await configureGateway('bank', {
      key1: 'Demo Bank',
      key2: 'Broker Ltd',
      key3: 'GB29NWBK60161331926819',
      key4: 'NWBKGB2L',
      key5: 'United Kingdom',
    })
    const admin = await UserFactory.apply('admin').create()

    const automatic = await client.get('/admin/gateways').loginAs(admin).withInertia()
    const cards = automatic.inertiaProps.gateways as any[]
    const paypal = cards.find((c) => c.value === 'paypal')
    assert.deepEqual(paypal, {
      id: paypal.id,
      value: 'paypal',
      name: 'PayPal',
      kind: 'automatic',
      fee: '2.5',
      isActive: true,
      offered: true,
      logo: null,
      values: { key1: 'client-id-123', key3: 'live', key4: null },
      secretsSet: { key2: true },
    })
    const stripe = cards.find((c) => c.value === 'stripe')
    assert.deepEqual(stripe.secretsSet, { key1: true, key2: false })
    assert.deepEqual(stripe.values, {})
    assert.isFalse(stripe.isActive)
    assert.isFalse(stripe.offered)
    // PrMoney's form has no fee and no switch (admin spec §3).
    const prmoney = cards.find((c) => c.value === 'prmoney')
    assert.isNull(prmoney.fee)
    assert.isNull(prmoney.isActive)

    const manual = await client.get('/admin/gateways/manual').loginAs(admin).withInertia()
    const bank = (manual.inertiaProps.gateways as any[]).find((c) => c.value === 'bank')
    assert.containsSubset(bank, {
      name: 'Bank Transfer',
      kind: 'manual',
      fee: null,
      isActive: null,
      offered: true,
      values: {
        key1: 'Demo Bank',
        key2: 'Broker Ltd',
        key3: 'GB29NWBK60161331926819',
        key4: 'NWBKGB2L',
        key5: 'United Kingdom',
      },
      secretsSet: {},
    })
  })

  test('no secret appears in either page, as an Inertia visit or as the first HTML load', async ({
    client,
    assert,
  }) => {
    const secrets = await configureEverything()
    const admin = await UserFactory.apply('admin').create()
    for (const path of ['/admin/gateways', '/admin/gateways/manual']) {
      for (const response of [
        await client.get(path).loginAs(admin).withInertia(),
        await client.get(path).loginAs(admin),
      ]) {
        response.assertStatus(200)
        const raw = response.text()
        for (const secret of secrets) assert.notInclude(raw, secret, `${path} leaks ${secret}`)
        assert.notInclude(raw, 'SECRET-')
      }
    }
    // The shown values are there.
    const page = await client.get('/admin/gateways').loginAs(admin).withInertia()
    assert.include(page.text(), 'shown-moonpay-key4')
  })

  test('managers, customers and the other roles get 403; visitors are sent to log in', async ({
    client,
  }) => {
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      for (const path of ['/admin/gateways', '/admin/gateways/manual']) {
        const page = await client.get(path).loginAs(user).withInertia()
        page.assertStatus(403)
        page.assertInertiaComponent('errors/forbidden')
      }
      const put = await api(client, 'put', '/admin/gateways/bank', { key1: 'Hijack Bank' }).loginAs(
        user
      )
      put.assertStatus(403)
    }
    const visitor = await client.get('/admin/gateways').redirects(0)
    visitor.assertStatus(302)
    visitor.assertHeader('location', '/')
    const anonymous = await api(client, 'put', '/admin/gateways/bank', { key1: 'Hijack Bank' })
    anonymous.assertStatus(401)
  })
})
