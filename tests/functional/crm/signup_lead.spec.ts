import { test } from '@japa/runner'
import Lead from '#models/lead'
import PromoCode from '#models/promo_code'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { signupPayload } from '#tests/helpers/signup'
import { UserFactory } from '#database/factories/user_factory'

async function promoOf(role: 'affiliate' | 'agent' | 'retention' | 'manager', code: string) {
  const owner = await UserFactory.apply(role).create()
  await PromoCode.create({ code, createdById: owner.id, isActive: true })
  return owner
}

test.group('Sign-up creates or links the live lead', (group) => {
  isolate(group)

  test('a new e-mail becomes a live lead on the Clients page (no desk), linked and registered', async ({
    client,
    assert,
  }) => {
    ;(await api(client, 'post', '/auth/signup', signupPayload())).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const lead = await Lead.query().where('user_id', user.id).preload('salesStatus').firstOrFail()
    assert.equal(lead.email, 'tina.tester@example.com')
    assert.equal(lead.firstName, 'Tina')
    assert.equal(lead.lastName, 'Tester')
    assert.equal(lead.phone, '+34 600 123 456')
    assert.equal(lead.country, 'Spain')
    assert.equal(lead.city, 'Madrid')
    assert.isNull(lead.group)
    assert.equal(lead.source, 'live')
    assert.equal(lead.salesStatus.status, 'New')
    assert.isNotNull(lead.registeredAt)
    assert.isNull(lead.affiliateId)
  })

  test('an e-mail that is already a lead (any case) links that lead: its desk and people stay, blanks fill', async ({
    client,
    assert,
  }) => {
    const affiliate = await UserFactory.apply('affiliate').create()
    const existing = await Lead.create({
      email: 'tina.tester@example.com',
      firstName: 'Tina',
      group: 'sales',
      source: 'manual',
      affiliateId: affiliate.id,
    })
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ email: 'Tina.Tester@Example.com' })
    )
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    await existing.refresh()
    assert.equal(existing.userId, user.id)
    assert.equal(existing.group, 'sales')
    assert.equal(existing.source, 'manual')
    assert.equal(existing.affiliateId, affiliate.id)
    assert.equal(existing.lastName, 'Tester')
    assert.equal(existing.city, 'Madrid')
    assert.isNotNull(existing.registeredAt)
    assert.lengthOf(await Lead.query().where('email', 'tina.tester@example.com'), 1)
  })

  for (const [role, state, column] of [
    ['an affiliate', 'affiliate', 'affiliateId'],
    ['a sales agent', 'agent', 'agentId'],
    ['a retention agent', 'retention', 'retAgentId'],
    ['a manager', 'manager', 'managerId'],
  ] as const) {
    test(`a promo code of ${role} attributes the lead to them`, async ({ client, assert }) => {
      const owner = await promoOf(state, 'PROMO-OWNER-1')
      ;(
        await api(client, 'post', '/auth/signup', signupPayload({ promoCode: 'PROMO-OWNER-1' }))
      ).assertStatus(201)
      const lead = await Lead.findByOrFail('email', 'tina.tester@example.com')
      assert.equal(lead[column], owner.id)
    })
  }

  test('a refused sign-up (bad promo code) writes no lead', async ({ client, assert }) => {
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ promoCode: 'NO-SUCH-CODE' })
    )
    response.assertStatus(422)
    assert.lengthOf(await Lead.query().where('email', 'tina.tester@example.com'), 0)
  })
})
