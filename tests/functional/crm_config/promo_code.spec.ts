import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import Lead from '#models/lead'
import PromoCode from '#models/promo_code'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { signupPayload } from '#tests/helpers/signup'
import { staffSignedIn } from '#tests/helpers/race'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { ALL_ROLES } from '#domain/roles'

const URL = '/admin/promo-code'
const CODE = /^[ACDEFGHJKMNPQRTUVWXY34679]{10}$/

const activeCodesOf = async (userId: number) =>
  (await PromoCode.query().where('created_by_id', userId).where('is_active', true)).map(
    (p) => p.code
  )

test.group('Promo code', (group) => {
  isolate(group)

  test('the page and the call are open to roles 1, 2, 4, 5, 6; a customer gets 403', async ({
    client,
    assert,
  }) => {
    // A walk over the seeded role accounts: one per role.
    for (const roleId of ALL_ROLES) {
      const user = await userOfRole(roleId)
      const allowed = roleId !== 3
      const page = await client.get(URL).loginAs(user).withInertia()
      assert.equal(page.status(), allowed ? 200 : 403, `page, role ${roleId}`)
      const post = await api(client, 'post', URL, { code: '' }).loginAs(user)
      assert.equal(post.status(), allowed ? 201 : 403, `post, role ${roleId}`)
    }
    ;(await api(client, 'post', URL, { code: '' })).assertStatus(401)
  })

  test("generate: a fresh random code, the old one deactivated, the client's value ignored, audited", async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const page = await client.get(URL).loginAs(agent).withInertia()
    assert.isNull((page.inertiaProps as any).code)

    const first = await api(client, 'post', URL, { code: 'MYOWNCODE' }).loginAs(agent)
    first.assertStatus(201)
    assert.equal(first.body().message, 'Promo code generated successfully')
    assert.match(first.body().code, CODE)
    assert.deepEqual(await activeCodesOf(agent.id), [first.body().code])
    const shown = await client.get(URL).loginAs(agent).withInertia()
    assert.equal((shown.inertiaProps as any).code, first.body().code)

    const second = await api(client, 'post', URL, {}).loginAs(agent)
    second.assertStatus(201)
    assert.notEqual(second.body().code, first.body().code)
    assert.deepEqual(await activeCodesOf(agent.id), [second.body().code])
    const old = await PromoCode.findByOrFail('code', first.body().code)
    assert.isFalse(old.isActive)

    const promo = await PromoCode.findByOrFail('code', second.body().code)
    const audit = await onlyAuditRow('promo_code.generate', promo.id)
    assert.equal(audit.staff_id, agent.id)
    assert.deepEqual(audit.changes.code, { before: first.body().code, after: second.body().code })
  })

  test("each staff member's code is their own", async ({ client, assert }) => {
    const agent = await UserFactory.apply('agent').create()
    const manager = await UserFactory.apply('manager').create()
    const a = await api(client, 'post', URL, {}).loginAs(agent)
    const m = await api(client, 'post', URL, {}).loginAs(manager)
    assert.deepEqual(await activeCodesOf(agent.id), [a.body().code])
    assert.deepEqual(await activeCodesOf(manager.id), [m.body().code])
  })

  test('odd bodies are ignored, never a 5xx', async ({ client, assert }) => {
    const agent = await UserFactory.apply('retention').create()
    for (const body of [{ code: ['x'] }, { code: { a: 1 } }, { code: 'x'.repeat(10_000) }, []]) {
      const response = await api(client, 'post', URL, body).loginAs(agent)
      assert.equal(response.status(), 201, JSON.stringify(body).slice(0, 40))
    }
    assert.lengthOf(await activeCodesOf(agent.id), 1)
  })

  test('a sign-up with a generated code is attributed to its owner; a replaced code is refused', async ({
    client,
    assert,
  }) => {
    const agent = await UserFactory.apply('agent').create()
    const generated = await api(client, 'post', URL, {}).loginAs(agent)
    const code = generated.body().code
    const signup = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ email: 'promo.signup@example.com', promoCode: code })
    )
    signup.assertStatus(201)
    const user = await User.findByOrFail('email', 'promo.signup@example.com')
    const lead = await Lead.query().where('user_id', user.id).firstOrFail()
    assert.equal(lead.agentId, agent.id)

    await api(client, 'post', URL, {}).loginAs(agent)
    const audits = await auditCount()
    const stale = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ email: 'promo.stale@example.com', promoCode: code })
    )
    stale.assertStatus(422)
    assert.equal(fieldErrors(stale.body()).promoCode, 'Invalid promo code')
    assert.isNull(await User.findBy('email', 'promo.stale@example.com'))
    assert.equal(await auditCount(), audits)
  })
})

/*
| No shared transaction: two Generate clicks of one staff member really race.
| The seeded affiliate stays: a factory user made here would be committed.
*/
test.group('Promo code: two generations at once', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('leave exactly one active code', async ({ assert }) => {
    const affiliate = await demoUser(DEMO.affiliate)
    const [a, b] = [await staffSignedIn(DEMO.affiliate), await staffSignedIn(DEMO.affiliate)]
    try {
      for (let round = 0; round < 3; round++) {
        const responses = await Promise.all([a.post(URL, {}), b.post(URL, {})])
        assert.deepEqual(
          responses.map((r) => r.status),
          [201, 201]
        )
        assert.lengthOf(await activeCodesOf(affiliate.id), 1, `round ${round}`)
      }
    } finally {
      await db.from('promo_codes').where('created_by_id', affiliate.id).delete()
    }
  }).timeout(60_000)
})
