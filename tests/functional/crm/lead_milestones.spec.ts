import { test } from '@japa/runner'
import Lead from '#models/lead'
import { approveDeposit } from '#actions/deposits/settle_deposit'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'

/** The lead row's DEPOSITED AT, FTD AT and LAST ACCESS follow the customer (CRM spec §2.3). */
test.group("A customer's lead follows their deposits and sign-ins", (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  async function customerLead() {
    const customer = await demoUser(DEMO.customer)
    await Lead.query().where('user_id', customer.id).delete()
    const lead = await Lead.create({
      email: 'customer@demo.test',
      group: 'retentions',
      source: 'live',
      userId: customer.id,
    })
    return { customer, lead }
  }

  test('the first credited deposit sets FTD AT; every credited deposit sets DEPOSITED AT', async ({
    assert,
  }) => {
    const { customer, lead } = await customerLead()
    const admin = await demoUser(DEMO.admin)
    const staff = { staff: admin, ip: '127.0.0.1' }

    await approveDeposit({ depositId: (await pendingDeposit(customer, 'stripe')).id, ...staff })
    await lead.refresh()
    assert.isNotNull(lead.ftdAt)
    assert.equal(lead.depositedAt?.toMillis(), lead.ftdAt?.toMillis())
    const firstDeposit = lead.ftdAt!

    await new Promise((resolve) => setTimeout(resolve, 1100))
    await approveDeposit({ depositId: (await pendingDeposit(customer, 'stripe')).id, ...staff })
    await lead.refresh()
    assert.equal(lead.ftdAt?.toMillis(), firstDeposit.toMillis())
    assert.isAbove(lead.depositedAt!.toMillis(), firstDeposit.toMillis())
  })

  test('a completed sign-in sets LAST ACCESS on the account and its lead', async ({
    client,
    assert,
  }) => {
    const { lead } = await customerLead()
    assert.isNotOk(lead.lastAccessAt)
    const response = await api(client, 'post', '/auth/login', {
      email: DEMO.customer,
      password: DEMO_PASSWORD,
      remember: false,
    })
    response.assertStatus(200)
    await lead.refresh()
    assert.isNotNull(lead.lastAccessAt)
    assert.isNotNull((await demoUser(DEMO.customer)).lastAccessAt)
  })
})
