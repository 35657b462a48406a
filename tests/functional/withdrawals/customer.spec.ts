import { test } from '@japa/runner'
import Balance from '#models/balance'
import KycDocument from '#models/kyc_document'
import LedgerEntry from '#models/ledger_entry'
import Withdrawal from '#models/withdrawal'
import Order from '#models/order'
import PricingPlan from '#models/pricing_plan'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { withSetting } from '#tests/helpers/database'
import { openPosition } from '#tests/helpers/positions'
import { openMarkets, quote } from '#tests/helpers/market'
import priceBook from '#services/market/price_book'
import { balanceMatchesLedger, walletsOf } from '#tests/helpers/users'
import {
  BANK,
  fund,
  pendingWithdrawal,
  realWalletOf,
  setWithdrawFees,
  withdrawPayload,
  withoutOtherWithdrawals,
} from '#tests/helpers/withdrawals'
import { UserFactory } from '#database/factories/user_factory'

/**
 * A customer who may withdraw: funded (25,000.00 on the real wallet, through
 * the ledger) and KYC approved (kycWithdraw is on).
 */
async function withdrawalCount() {
  return Number((await Withdrawal.query().count('* as n').first())!.$extras.n)
}

test.group('Withdraws page (GET /withdraws)', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('renders the form props and the first history page', async ({ client }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    await setWithdrawFees('1.5', '2')
    const response = await client.get('/withdraws').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/withdraws')
    response.assertInertiaPropsContains({
      accountName: customer.fullName,
      withdrawSettings: { feePercentage: '1.5', feeFixed: '2' },
      isKyc: true,
      kycRequired: true,
      history: { data: [], meta: { total: 0, perPage: 15, currentPage: 1, lastPage: 1 } },
    })
  })

  test('a customer without approved KYC is told so', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await client.get('/withdraws').loginAs(newcomer).withInertia()
    response.assertInertiaPropsContains({
      isKyc: false,
      kycRequired: true,
      accountName: newcomer.fullName,
    })
  })
})

test.group('POST /withdraws/bank', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('puts amount + fee on hold and records a pending bank withdrawal', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    await setWithdrawFees('1.5', '2')
    const wallet = await realWalletOf(customer)

    const response = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { amount: '100' })
    ).loginAs(customer)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Withdraw request submitted successfully')

    const withdrawal = await Withdrawal.findOrFail(response.body().id)
    assert.containsSubset(withdrawal.serialize(), {
      userId: customer.id,
      balanceId: wallet.id,
      gateway: 'bank',
      status: 'pending',
      balanceAfter: null,
      decidedById: null,
    })
    // fee = 1.5 / 100 × 100 + 2 = 3.50; total 103.50 (customer spec §9).
    assert.equal(money(withdrawal.amount).toFixed(2), '100.00')
    assert.equal(money(withdrawal.fee).toFixed(2), '3.50')
    assert.equal(money(withdrawal.total).toFixed(2), '103.50')
    assert.deepEqual(JSON.parse(withdrawal.description!), {
      bankName: 'Demo Bank AG',
      accountName: customer.fullName,
      accountNumber: 'DE89370400440532013000',
      swiftCode: 'COBADEFFXXX',
      bankCountry: 'Germany',
    })

    const after = await Balance.findOrFail(wallet.id)
    assert.equal(
      money(after.balance).toFixed(2),
      '25000.00',
      'nothing leaves the balance before approval'
    )
    assert.equal(money(after.onHold).toFixed(2), '103.50')
    assert.lengthOf(
      await LedgerEntry.query()
        .where('balance_id', wallet.id)
        .where('reference_type', 'withdrawal'),
      0
    )
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('the fee is rounded half-up to the cent', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    await setWithdrawFees('1.5', '0')
    // 1.5% of 10.10 = 0.1515 → 0.15; of 10.30 = 0.1545 → 0.15; of 10.50 = 0.1575 → 0.16
    for (const [amount, fee] of [
      ['10.10', '0.15'],
      ['10.30', '0.15'],
      ['10.50', '0.16'],
      ['0.01', '0.00'],
    ]) {
      const response = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount })
      ).loginAs(customer)
      response.assertStatus(201)
      const w = await Withdrawal.findOrFail(response.body().id)
      assert.equal(money(w.fee).toFixed(2), fee, amount)
      assert.equal(money(w.total).toFixed(2), money(amount).plus(fee).toFixed(2))
    }
  })

  test('JSON numbers are taken as their text, never as floats', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const response = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { amount: 0.1 })
    ).loginAs(customer)
    response.assertStatus(201)
    assert.equal(money((await Withdrawal.findOrFail(response.body().id)).amount).toFixed(), '0.1')
  })

  test('missing fields get the spec messages and nothing is written', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const response = await api(client, 'post', '/withdraws/bank', {}).loginAs(customer)
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response.body()), {
      balance_id: 'Wallet is required',
      amount: 'Amount is required',
      bank_name: 'Bank name is required',
      account_name: 'Account name is required',
      account_number: 'Account number is required',
      swift_code: 'Swift code is required',
      bank_country: 'Bank country is required',
    })
    const blanks = await api(client, 'post', '/withdraws/bank', {
      balance_id: '',
      amount: ' ',
      bank_name: ' ',
      account_name: '',
      account_number: '',
      swift_code: '',
      bank_country: '',
    }).loginAs(customer)
    blanks.assertStatus(422)
    assert.containsSubset(fieldErrors(blanks.body()), {
      balance_id: 'Wallet is required',
      amount: 'Amount is required',
      bank_name: 'Bank name is required',
      account_name: 'Account name is required',
      account_number: 'Account number is required',
      swift_code: 'Swift code is required',
    })
    assert.equal(await withdrawalCount(), 0)
  })

  test('negative, zero, over-precise and non-numeric amounts are refused with 422', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const wallet = await realWalletOf(customer)
    const cases: [unknown, string][] = [
      ['-5', 'Amount must be a positive number with at most 2 decimals'],
      [-5, 'Amount must be a positive number with at most 2 decimals'],
      ['0', 'Amount must be greater than zero'],
      ['0.00', 'Amount must be greater than zero'],
      [0, 'Amount must be greater than zero'],
      ['10.123', 'Amount must be a positive number with at most 2 decimals'],
      [10.005, 'Amount must be a positive number with at most 2 decimals'],
      ['1e3', 'Amount must be a positive number with at most 2 decimals'],
      ['abc', 'Amount must be a positive number with at most 2 decimals'],
      [1e308, 'Amount must be a positive number with at most 2 decimals'],
      ['123456789012', 'Amount must be a positive number with at most 2 decimals'],
      [['10'], 'Amount must be a positive number with at most 2 decimals'],
    ]
    for (const [amount, message] of cases) {
      const response = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount })
      ).loginAs(customer)
      assert.equal(response.status(), 422, `${JSON.stringify(amount)} → ${response.text()}`)
      assert.equal(fieldErrors(response.body()).amount, message, JSON.stringify(amount))
    }
    assert.equal(await withdrawalCount(), 0)
    assert.equal(money((await Balance.findOrFail(wallet.id)).onHold).toFixed(2), '0.00')
  })

  test('bad bank details are refused under their fields', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const response = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, {
        swift_code: 'NOT-A-BIC',
        bank_country: 'Atlantis',
        account_number: 'DE89;DROP',
      })
    ).loginAs(customer)
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response.body()), {
      account_number: 'Account number may hold only letters, digits, spaces and dashes',
      swift_code: 'Swift code must be 8 or 11 letters and digits',
      bank_country: 'Choose a country from the list',
    })
    assert.equal(await withdrawalCount(), 0)
  })

  test('a SWIFT code is stored upper-case without spaces', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const response = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { swift_code: 'deut de ff' })
    ).loginAs(customer)
    response.assertStatus(201)
    assert.equal(
      JSON.parse((await Withdrawal.findOrFail(response.body().id)).description!).swiftCode,
      'DEUTDEFF'
    )
  })

  test('the account must be in the customer’s own name', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved')
      .merge({ fullName: 'Carla Customer' })
      .create()
    const ok = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { account_name: '  carla   CUSTOMER ' })
    ).loginAs(customer)
    ok.assertStatus(201)
    const response = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { account_name: 'Somebody Else' })
    ).loginAs(customer)
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response.body()), {
      account_name: 'The account must be in your own name',
    })
    assert.equal(await withdrawalCount(), 1)
  })

  test('another user’s wallet is not found; a demo wallet is refused', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const newcomer = await UserFactory.create()
    const othersReal = await realWalletOf(newcomer)
    const foreign = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { balance_id: othersReal.id })
    ).loginAs(customer)
    foreign.assertStatus(404)
    const missing = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { balance_id: 2_000_000_000 })
    ).loginAs(customer)
    missing.assertStatus(404)
    const tooBig = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { balance_id: 2 ** 31 })
    ).loginAs(customer)
    tooBig.assertStatus(422)
    assert.equal(fieldErrors(tooBig.body()).balance_id, 'Wallet is required')

    const demo = (await walletsOf(customer)).find((w) => w.mode === 'demo')!
    const demoResponse = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { balance_id: demo.id })
    ).loginAs(customer)
    demoResponse.assertStatus(422)
    assert.deepEqual(fieldErrors(demoResponse.body()), {
      balance_id: 'Withdrawals are made from a real wallet',
    })
    assert.equal(await withdrawalCount(), 0)
  })

  test('refused when the free balance cannot cover amount + fee', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const wallet = await realWalletOf(customer)
    await setWithdrawFees('0', '5')
    // 24,995 + 5 = 25,000: exactly the balance.
    const exact = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { amount: '24995' })
    ).loginAs(customer)
    exact.assertStatus(201)
    // Everything is now on hold: even a cent more is refused.
    const more = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(customer, { amount: '0.01' })
    ).loginAs(customer)
    more.assertStatus(422)
    assert.deepEqual(fieldErrors(more.body()), {
      amount: 'Not enough free balance for this withdrawal and its fee',
    })
    const after = await Balance.findOrFail(wallet.id)
    assert.equal(money(after.onHold).toFixed(2), '25000.00')
    assert.equal(await withdrawalCount(), 1)
  })

  test('used margin and open losses lower what may be withdrawn; open profit does not raise it', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const wallet = await realWalletOf(customer)
    priceBook.clear()
    try {
      // EUR_USD leverage from the seed: margin is reserved on the wallet.
      await openPosition(customer, { instrument: 'EUR_USD', type: 'buy', amount: '100000' })
      const margin = money((await Balance.findOrFail(wallet.id)).margin)
      const free = money('25000').minus(margin)
      const order = await Order.query().where('balance_id', wallet.id).firstOrFail()
      // Price 0.01 below the open rate: a loss of 1,000 on 100,000 units.
      const bid = money(order.openRate).minus('0.01').toFixed()
      quote('EUR_USD', bid, bid)

      const tooMuch = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount: free.minus(999).toFixed(2) })
      ).loginAs(customer)
      tooMuch.assertStatus(422)
      assert.equal(
        fieldErrors(tooMuch.body()).amount,
        'Not enough free balance for this withdrawal and its fee'
      )
      const fits = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount: free.minus(1000).toFixed(2) })
      ).loginAs(customer)
      fits.assertStatus(201)

      // A profit of 1,000 does not make more withdrawable than balance − margin − on hold.
      await fund(wallet.id, '10')
      const ask = money(order.openRate).plus('0.01').toFixed()
      quote('EUR_USD', ask, ask)
      const profit = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount: '1010.01' })
      ).loginAs(customer)
      profit.assertStatus(422)
      const rest = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(customer, { amount: '1010' })
      ).loginAs(customer)
      rest.assertStatus(201)
      assert.isTrue(await balanceMatchesLedger(wallet.id))
    } finally {
      priceBook.clear()
    }
  })

  test('with kycWithdraw on, a customer without approved KYC is refused (403)', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const wallet = await realWalletOf(newcomer)
    await fund(wallet.id, '500')
    const refused = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(newcomer)
    ).loginAs(newcomer)
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Please verify KYC to enable withdraw')

    // A pending or declined document is not enough either.
    await KycDocument.create({ userId: newcomer.id, type: 'passport', status: 'pending' })
    const pending = await api(
      client,
      'post',
      '/withdraws/bank',
      await withdrawPayload(newcomer)
    ).loginAs(newcomer)
    pending.assertStatus(403)
    assert.equal(await withdrawalCount(), 0)

    const restore = await withSetting('kycWithdraw', 'off')
    try {
      const allowed = await api(
        client,
        'post',
        '/withdraws/bank',
        await withdrawPayload(newcomer)
      ).loginAs(newcomer)
      allowed.assertStatus(201)
    } finally {
      await restore()
    }
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })
})

test.group('GET /withdraws/history', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)

  test('pages the customer’s own withdrawals, newest first, 15 a page', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    const newcomer = await UserFactory.create()
    await setWithdrawFees('1', '0.5')
    const ids: number[] = []
    for (let i = 1; i <= 16; i++) ids.unshift((await pendingWithdrawal(customer, `${i}.00`)).id)
    await KycDocument.create({ userId: newcomer.id, type: 'passport', status: 'approved' })
    await fund((await realWalletOf(newcomer)).id, '50')
    await pendingWithdrawal(newcomer, '5')

    const first = await api(client, 'get', '/withdraws/history?page=1&limit=15').loginAs(customer)
    first.assertStatus(200)
    const body = first.body()
    assert.equal(body.meta.total, 16)
    assert.equal(body.meta.lastPage, 2)
    assert.deepEqual(
      body.data.map((r: { id: number }) => r.id),
      ids.slice(0, 15)
    )
    const row = body.data[0]
    assert.deepEqual(Object.keys(row).sort(), [
      'amount',
      'balanceAfter',
      'createdAt',
      'currency',
      'declineReason',
      'description',
      'fee',
      'formattedDescription',
      'gateway',
      'id',
      'status',
      'total',
    ])
    // 16.00 + 1% + 0.50 = 16.66
    assert.containsSubset(row, {
      amount: '16.00',
      fee: '0.66',
      total: '16.66',
      gateway: 'bank',
      status: 'pending',
      description: 'Withdraw request',
      currency: 'USD',
      balanceAfter: null,
      declineReason: null,
      formattedDescription: {
        bankName: BANK.bank_name,
        accountName: customer.fullName,
        accountNumber: BANK.account_number,
        swiftCode: BANK.swift_code,
        bankCountry: BANK.bank_country,
      },
    })
    assert.match(row.createdAt, /^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2} (AM|PM)$/)

    const second = await api(client, 'get', '/withdraws/history?page=2&limit=15').loginAs(customer)
    assert.deepEqual(
      second.body().data.map((r: { id: number }) => r.id),
      [ids[15]]
    )
  })

  test('bad paging is a 422, not a 500', async ({ client, assert }) => {
    const customer = await UserFactory.apply('funded', 'kycApproved').create()
    for (const q of [
      'page=0',
      'page=abc',
      'limit=0',
      'limit=1000',
      'page=1.5',
      'page=99999999999999999999',
    ]) {
      const response = await api(client, 'get', `/withdraws/history?${q}`).loginAs(customer)
      assert.equal(response.status(), 422, q)
    }
  })
})

test.group('A held withdrawal cannot be traded', (group) => {
  isolate(group)
  withoutOtherWithdrawals(group)
  openMarkets(group)

  test('an order needing the held funds is refused; after a decline it goes through', async ({
    client,
    assert,
  }) => {
    // On the Silver plan (leverage 200), as the margin below assumes.
    const silver = await PricingPlan.findByOrFail('name', 'Silver')
    const customer = await UserFactory.apply('funded', 'kycApproved')
      .merge({ pricingTableId: silver.id })
      .create()
    const admin = await UserFactory.apply('admin').create()
    quote('EUR_USD', '1.08650', '1.08662')
    // Everything but 10.00 on hold; 10,000 EUR_USD needs 54.34 of margin (Silver plan, leverage 200).
    const withdrawal = await pendingWithdrawal(customer, '24990')
    const order = { type: 'buy', instrument: 'EUR_USD', amount: '10000' }
    const refused = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    refused.assertStatus(422)
    assert.equal(refused.body().message, 'Insufficient Free Margin!')

    ;(
      await api(client, 'post', `/admin/withdraws/${withdrawal.id}/decline`, {
        declineReason: 'Changed mind',
      }).loginAs(admin)
    ).assertStatus(200)
    const placed = await api(client, 'post', '/dashboard/orders', order).loginAs(customer)
    placed.assertStatus(201)
    assert.isTrue(await balanceMatchesLedger(withdrawal.balanceId))
  })
})
