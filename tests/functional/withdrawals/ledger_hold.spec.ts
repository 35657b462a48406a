import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Balance from '#models/balance'
import { holdFunds, releaseHold } from '#services/ledger_service'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { balanceMatchesLedger } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { realWalletOf } from '#tests/helpers/withdrawals'

/** A customer's real wallet holding 25,000.00 (the `funded` state). */
const fundedWallet = async () => realWalletOf(await UserFactory.apply('funded').create())

test.group('Ledger holds (holdFunds / releaseHold)', (group) => {
  isolate(group)

  test('a hold takes free balance without moving the balance; a release gives it back', async ({
    assert,
  }) => {
    const wallet = await fundedWallet()
    await db.transaction((trx) => holdFunds(trx, wallet.id, '24999.99'))
    let after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.onHold).toFixed(2), '24999.99')
    assert.equal(money(after.balance).toFixed(2), '25000.00')
    assert.equal(after.version, wallet.version + 1)

    await assert.rejects(
      () => db.transaction((trx) => holdFunds(trx, wallet.id, '0.02')),
      'Not enough balance'
    )
    await db.transaction((trx) => holdFunds(trx, wallet.id, '0.01'))
    await db.transaction((trx) => releaseHold(trx, wallet.id, '25000'))
    after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.onHold).toFixed(2), '0.00')
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('used margin is not free', async ({ assert }) => {
    const wallet = await fundedWallet()
    wallet.margin = '1000'
    await wallet.save()
    await assert.rejects(
      () => db.transaction((trx) => holdFunds(trx, wallet.id, '24000.01')),
      'Not enough balance'
    )
    await db.transaction((trx) => holdFunds(trx, wallet.id, '24000'))
  })

  test('a check may refuse, and a refusal writes nothing', async ({ assert }) => {
    const wallet = await fundedWallet()
    await assert.rejects(
      () =>
        db.transaction((trx) =>
          holdFunds(trx, wallet.id, '10', {
            check: () => {
              throw new Error('no')
            },
          })
        ),
      'no'
    )
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '0.00')
  })

  test('amounts must be positive whole cents; releasing more than is held is a bug', async ({
    assert,
  }) => {
    const wallet = await fundedWallet()
    for (const amount of ['0', '-1', '1.001']) {
      await assert.rejects(
        () => db.transaction((trx) => holdFunds(trx, wallet.id, amount)),
        /positive amount in minor units/
      )
      await assert.rejects(
        () => db.transaction((trx) => releaseHold(trx, wallet.id, amount)),
        /positive amount in minor units/
      )
    }
    await db.transaction((trx) => holdFunds(trx, wallet.id, '5'))
    await assert.rejects(
      () => db.transaction((trx) => releaseHold(trx, wallet.id, '5.01')),
      /less than the 5.01 to release/
    )
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '5.00')
  })
})
