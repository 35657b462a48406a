import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import settings from '#services/settings_service'
import PricingPlan from '#models/pricing_plan'

test.group('Pricing page (GET /pricing)', (group) => {
  isolate(group)

  test('lists every plan cheapest first with the card fields', async ({ client }) => {
    const user = await UserFactory.create()
    const response = await client.get('/pricing').loginAs(user).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/pricing')
    response.assertInertiaPropsContains({
      plans: [
        { name: 'Basic', price: '0.00', forexLeverage: 100, forexStopout: '50' },
        { name: 'Silver', price: '250.00', forexLeverage: 200, forexStopout: '40' },
        { name: 'Gold', price: '1000.00', forexLeverage: 500, forexStopout: '30' },
      ],
    })
  })

  test('is not found when the pricingPlan setting is off', async ({ client }) => {
    await settings.put('pricingPlan', { value1: 'off' })
    const user = await UserFactory.create()
    const json = await client.get('/pricing').loginAs(user).header('Accept', 'application/json')
    json.assertStatus(404)
    // An Inertia visit gets the not-found page, not a bare response.
    const visit = await client.get('/pricing').loginAs(user).withInertia()
    visit.assertStatus(404)
    visit.assertInertiaComponent('errors/not_found')
  })

  test('staff are refused the plan page, and their dashboard carries no plans', async ({
    client,
    assert,
  }) => {
    for (const role of ['admin', 'manager'] as const) {
      const staff = await UserFactory.apply(role).create()
      const page = await client.get('/pricing').loginAs(staff).header('Accept', 'application/json')
      page.assertStatus(403)
      const dashboard = await client.get('/dashboard').loginAs(staff).withInertia()
      dashboard.assertStatus(200)
      assert.deepEqual(dashboard.inertiaProps.pricing, [])
    }
  })

  test('staff cannot subscribe to a plan (Bouncer policy)', async ({ client, assert }) => {
    const staff = await UserFactory.apply('admin').create()
    const plan = await PricingPlan.findByOrFail('name', 'Basic')
    const response = await api(client, 'post', `/dashboard/pricing/subscribe/${plan.id}`).loginAs(
      staff
    )
    response.assertStatus(403)
    await staff.refresh()
    assert.isNull(staff.pricingTableId)
  })
})
