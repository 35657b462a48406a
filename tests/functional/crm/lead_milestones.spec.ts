import { test } from '@japa/runner'
import User from '#models/user'
import { approveDeposit } from '#actions/deposits/settle_deposit'
import { DepositFactory } from '#database/factories/deposit_factory'
import { LeadFactory } from '#database/factories/lead_factory'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { withoutOtherDeposits } from '#tests/helpers/deposits'

/** The lead row's DEPOSITED AT, FTD AT and LAST ACCESS follow the customer (CRM spec §2.3). */
test.group("A customer's lead follows their deposits and sign-ins", (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  async function customerLead() {
    const customer = await UserFactory.create()
    const lead = await LeadFactory.apply('retentions', 'live')
      .merge({ email: customer.email, userId: customer.id })
      .create()
    return { customer, lead }
  }
  const pendingDepositOf = (customer: User) =>
    DepositFactory.merge({ userId: customer.id, gateway: 'stripe', amount: '100.00' }).create()

  test('the first credited deposit sets FTD AT; every credited deposit sets DEPOSITED AT', async ({
    assert,
  }) => {
    const { customer, lead } = await customerLead()
    const admin = await UserFactory.apply('admin').create()
    const staff = { staff: admin, ip: '127.0.0.1' }

    await approveDeposit({ depositId: (await pendingDepositOf(customer)).id, ...staff })
    await lead.refresh()
    assert.isNotNull(lead.ftdAt)
    assert.equal(lead.depositedAt?.toMillis(), lead.ftdAt?.toMillis())
    const firstDeposit = lead.ftdAt!

    await new Promise((resolve) => setTimeout(resolve, 1100))
    await approveDeposit({ depositId: (await pendingDepositOf(customer)).id, ...staff })
    await lead.refresh()
    assert.equal(lead.ftdAt?.toMillis(), firstDeposit.toMillis())
    assert.isAbove(lead.depositedAt!.toMillis(), firstDeposit.toMillis())
  })

  test('a completed sign-in sets LAST ACCESS on the account and its lead', async ({
    client,
    assert,
  }) => {
    const { customer, lead } = await customerLead()
    assert.isNotOk(lead.lastAccessAt)
    const response = await api(client, 'post', '/auth/login', {
      email: customer.email,
      password: FACTORY_PASSWORD,
      remember: false,
    })
    response.assertStatus(200)
    await lead.refresh()
    assert.isNotNull(lead.lastAccessAt)
    assert.isNotNull((await User.findOrFail(customer.id)).lastAccessAt)
  })
})
