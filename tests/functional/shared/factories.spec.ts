import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { balanceMatchesLedger, walletsOf } from '#tests/helpers/users'
import { FACTORY_PASSWORD, FUNDED_AMOUNT, UserFactory } from '#database/factories/user_factory'
import { OrderFactory } from '#database/factories/order_factory'
import { KycDocumentFactory } from '#database/factories/kyc_document_factory'
import Balance from '#models/balance'
import User from '#models/user'
import { Roles } from '#domain/roles'

test.group('Model factories (tests build their people and rows from these)', (group) => {
  isolate(group)

  test('a user as sign-up leaves one: profile, demo and real wallets, the real one active', async ({
    assert,
  }) => {
    const user = await UserFactory.create()
    const wallets = await walletsOf(user)
    assert.deepEqual(
      wallets.map((w) => w.mode),
      ['demo', 'real']
    )
    assert.equal(user.activeBalanceId, wallets[1].id)
    await user.load('profile')
    assert.equal(user.profile.country, 'DE')
    assert.isOk(await User.verifyCredentials(user.email, FACTORY_PASSWORD))
  })

  test('role and account states', async ({ assert }) => {
    const [admin, manager, affiliate, agent, retention] = await Promise.all(
      (['admin', 'manager', 'affiliate', 'agent', 'retention'] as const).map((state) =>
        UserFactory.apply(state).create()
      )
    )
    assert.deepEqual(
      [admin, manager, affiliate, agent, retention].map((u) => u.roleId),
      [Roles.ADMIN, Roles.MANAGER, Roles.AFFILIATE, Roles.SALES_AGENT, Roles.RETENTION_AGENT]
    )
    const inactive = await UserFactory.apply('inactive').apply('unverified').create()
    assert.isFalse(inactive.isActive)
    assert.isFalse(inactive.isEmailVerified)
  })

  test('funded: the real wallet is credited through the ledger', async ({ assert }) => {
    const user = await UserFactory.apply('funded').create()
    const real = await Balance.findOrFail(user.activeBalanceId!)
    assert.isTrue(await balanceMatchesLedger(real.id))
    assert.equal(Number(real.balance), Number(FUNDED_AMOUNT))
  })

  test('an open order uses margin on its wallet; a closed one does not', async ({ assert }) => {
    const user = await UserFactory.apply('funded').create()
    const ids = { userId: user.id, balanceId: user.activeBalanceId! }
    const open = await OrderFactory.merge(ids).create()
    await OrderFactory.merge(ids).apply('closed').apply('sell').create()
    const wallet = await Balance.findOrFail(ids.balanceId)
    assert.notExists(open.closeTime)
    assert.equal(Number(wallet.margin), Number(open.marginUsed))
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('KYC submissions in each state', async ({ assert }) => {
    const user = await UserFactory.create()
    const states = await Promise.all([
      KycDocumentFactory.merge({ userId: user.id }).create(),
      KycDocumentFactory.merge({ userId: user.id }).apply('approved').create(),
      KycDocumentFactory.merge({ userId: user.id }).apply('declined').create(),
    ])
    assert.deepEqual(
      states.map((d) => d.status),
      ['pending', 'approved', 'declined']
    )
    assert.isString(states[2].declineReason)
  })
})
