import { test } from '@japa/runner'
import Balance from '#models/balance'
import Deposit from '#models/deposit'
import ExternalPayment from '#models/external_payment'
import LedgerEntry from '#models/ledger_entry'
import PaymentGateway from '#models/payment_gateway'
import type User from '#models/user'
import { money } from '#domain/money'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { withSetting } from '#tests/helpers/database'
import { balanceMatchesLedger, walletsOf } from '#tests/helpers/users'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { configureGateway, pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import { removeKycFilesAfterEach, upload, type Upload } from '#tests/helpers/kyc'
import { UserFactory } from '#database/factories/user_factory'

/** A customer who may deposit: KYC approved (kycDeposit is on). */

async function depositPayload(customer: User, gateway: string, amount: unknown = '100') {
  return { balance_id: (await realWalletOf(customer)).id, gateway, amount }
}

test.group('Deposits page (GET /deposits)', (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  test('renders the offered gateways without their keys, external links and the first history page', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await configureGateway(
      'stripe',
      { key1: 'sk_test_secret_value', key2: 'whsec_secret_value' },
      { fee: '2.5' }
    )
    await ExternalPayment.create({
      name: 'Skrill',
      link: 'https://skrill.example/pay',
      customLabel: 'Account',
      customValue: 'pay@broker.example',
      logoPath: null,
    })
    await pendingDeposit(customer, 'bank', '50.00')

    const response = await client.get('/deposits').loginAs(customer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/deposits')
    const props = response.body().props
    assert.isTrue(props.isKyc)
    assert.isTrue(props.kycRequired)
    assert.deepEqual(props.gateways, [
      { value: 'stripe', name: 'Stripe', fee: '2.5', kind: 'automatic', logo: null },
    ])
    assert.sameMembers(
      props.offlinePayments.map((g: { value: string }) => g.value),
      ['bank', 'btc', 'usdt']
    )
    assert.containsSubset(props.externalPayments, [
      {
        name: 'Skrill',
        link: 'https://skrill.example/pay',
        customLabel: 'Account',
        customValue: 'pay@broker.example',
      },
    ])
    assert.equal(props.history.meta.total, 1)
    assert.equal(props.history.data[0].description, 'Deposit request')
    // Keys and secrets are never sent to the browser.
    assert.notInclude(response.text(), 'sk_test_secret_value')
    assert.notInclude(response.text(), 'whsec_secret_value')
  })

  test('an inactive or unconfigured gateway is not offered', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await configureGateway('stripe', { key1: 'sk_test_x', key2: null })
    await configureGateway('btc', {}, { active: false })
    const props = (await client.get('/deposits').loginAs(customer).withInertia()).body().props
    assert.deepEqual(props.gateways, [])
    assert.notInclude(
      props.offlinePayments.map((g: { value: string }) => g.value),
      'btc'
    )
  })

  test('a customer without approved KYC is told so', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await client.get('/deposits').loginAs(newcomer).withInertia()
    response.assertInertiaPropsContains({ isKyc: false, kycRequired: true })
  })
})

test.group('POST /deposits', (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  test('a bank deposit is recorded pending with its fee and leads to the bank page; nothing is credited', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await PaymentGateway.query().where('value', 'bank').update({ fee: '1.5' })
    const wallet = await realWalletOf(customer)
    const response = await api(
      client,
      'post',
      '/deposits',
      await depositPayload(customer, 'bank', '200')
    ).loginAs(customer)
    response.assertStatus(201)
    const deposit = await Deposit.findOrFail(response.body().id)
    assert.deepEqual(response.body(), {
      message: 'Deposit request created',
      paymentLink: `/deposits/bank/${deposit.id}`,
      id: deposit.id,
    })
    // fee = 1.5 / 100 × 200 = 3.00; total 203.00 (customer spec §9).
    assert.equal(money(deposit.amount).toFixed(2), '200.00')
    assert.equal(money(deposit.fee).toFixed(2), '3.00')
    assert.equal(money(deposit.total).toFixed(2), '203.00')
    assert.containsSubset(deposit.serialize(), {
      status: 'pending',
      gateway: 'bank',
      balanceId: wallet.id,
      decidedById: null,
    })
    assert.equal(
      money((await Balance.findOrFail(wallet.id)).balance).toFixed(2),
      money(wallet.balance).toFixed(2)
    )
    assert.isTrue(await balanceMatchesLedger(wallet.id))
  })

  test('the fee is rounded half-up to the cent', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await PaymentGateway.query().where('value', 'bank').update({ fee: '2.5' })
    // 2.5% of 10.10 = 0.2525 → 0.25; of 10.30 = 0.2575 → 0.26
    for (const [amount, fee] of [
      ['10.10', '0.25'],
      ['10.30', '0.26'],
    ]) {
      const response = await api(
        client,
        'post',
        '/deposits',
        await depositPayload(customer, 'bank', amount)
      ).loginAs(customer)
      const deposit = await Deposit.findOrFail(response.body().id)
      assert.equal(money(deposit.fee).toFixed(2), fee, amount)
    }
  })

  test('a crypto deposit leads to the crypto page', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const response = await api(
      client,
      'post',
      '/deposits',
      await depositPayload(customer, 'btc', '100')
    ).loginAs(customer)
    response.assertStatus(201)
    assert.equal(response.body().paymentLink, `/deposits/crypto/${response.body().id}`)
  })

  test('bad input gets the spec messages and writes nothing', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const missing = await api(client, 'post', '/deposits', {}).loginAs(customer)
    missing.assertStatus(422)
    assert.deepEqual(fieldErrors(missing.body()), {
      balance_id: 'Wallet is required',
      gateway: 'Gateway is required',
      amount: 'Amount is required',
    })
    const cases: [unknown, string][] = [
      ['-5', 'Amount must be a positive number with at most 2 decimals'],
      ['10.123', 'Amount must be a positive number with at most 2 decimals'],
      ['abc', 'Amount must be a positive number with at most 2 decimals'],
      ['1e5', 'Amount must be a positive number with at most 2 decimals'],
      ['0', 'Amount must be greater than zero'],
      ['0.00', 'Amount must be greater than zero'],
    ]
    for (const [amount, message] of cases) {
      const response = await api(
        client,
        'post',
        '/deposits',
        await depositPayload(customer, 'bank', amount)
      ).loginAs(customer)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).amount, message, String(amount))
    }
    assert.equal(
      await Deposit.query()
        .count('* as n')
        .first()
        .then((r) => Number(r!.$extras.n)),
      0
    )
  })

  test('unknown, inactive and unconfigured gateways are refused under the gateway field', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    await configureGateway('usdt', {}, { active: false })
    for (const gateway of ['nope', 'usdt', 'stripe', 'prmoney', '__proto__']) {
      const response = await api(
        client,
        'post',
        '/deposits',
        await depositPayload(customer, gateway)
      ).loginAs(customer)
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).gateway,
        'This payment gateway is not available',
        gateway
      )
    }
    assert.lengthOf(await Deposit.all(), 0)
  })

  test("another user's wallet is 404 and a demo wallet is refused", async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const other = await realWalletOf(await UserFactory.create())
    const foreign = await api(client, 'post', '/deposits', {
      balance_id: other.id,
      gateway: 'bank',
      amount: '10',
    }).loginAs(customer)
    foreign.assertStatus(404)
    const demo = (await walletsOf(customer)).find((w) => w.mode === 'demo')!
    const demoWallet = await api(client, 'post', '/deposits', {
      balance_id: demo.id,
      gateway: 'bank',
      amount: '10',
    }).loginAs(customer)
    demoWallet.assertStatus(422)
    assert.equal(fieldErrors(demoWallet.body()).balance_id, 'Deposits are made to a real wallet')
    assert.lengthOf(await Deposit.all(), 0)
  })

  test('with kycDeposit on, an unverified customer is refused on the server; off, allowed', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const payload = { balance_id: (await realWalletOf(newcomer)).id, gateway: 'bank', amount: '10' }
    const refused = await api(client, 'post', '/deposits', payload).loginAs(newcomer)
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Please verify KYC to enable deposit')
    assert.lengthOf(await Deposit.all(), 0)

    await withSetting('kycDeposit', 'off')
    const allowed = await api(client, 'post', '/deposits', payload).loginAs(newcomer)
    allowed.assertStatus(201)
  })

  test('an online gateway that cannot start the payment answers 502 and leaves the deposit declined', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    // Nothing listens on port 1: the provider is unreachable.
    await configureGateway('wipays', { key1: 'pk', key2: 'sk', key3: 'http://127.0.0.1:1' })
    const response = await api(
      client,
      'post',
      '/deposits',
      await depositPayload(customer, 'wipays')
    ).loginAs(customer)
    response.assertStatus(502)
    assert.equal(
      fieldErrors(response.body()).gateway,
      'The payment gateway could not start the payment, please try again later'
    )
    const [deposit] = await Deposit.all()
    assert.equal(deposit.status, 'declined')
  })
})

test.group('GET /deposits/history', (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  test('pages the customer’s own deposits, newest first, 15 by default', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    for (let i = 0; i < 17; i++) await pendingDeposit(customer, 'btc', `${i + 1}.00`)
    await pendingDeposit(await UserFactory.create(), 'bank')
    const first = await api(client, 'get', '/deposits/history').loginAs(customer)
    first.assertStatus(200)
    assert.lengthOf(first.body().data, 15)
    assert.deepEqual(first.body().meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    assert.equal(first.body().data[0].amount, '17.00')
    assert.containsSubset(first.body().data[0], {
      gateway: 'btc',
      status: 'pending',
      currency: 'USD',
      balanceAfter: null,
    })
    const second = await api(client, 'get', '/deposits/history?page=2&limit=15').loginAs(customer)
    assert.lengthOf(second.body().data, 2)
  })

  test('filters by day range; empty dates mean no filter; a bad range is 422', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const old = await pendingDeposit(customer, 'bank')
    await Deposit.query().where('id', old.id).update({ created_at: '2026-01-10 12:00:00' })
    await pendingDeposit(customer, 'bank')
    const ranged = await api(
      client,
      'get',
      '/deposits/history?startDate=2026-01-10&endDate=2026-01-10'
    ).loginAs(customer)
    assert.deepEqual(
      ranged.body().data.map((r: { id: number }) => r.id),
      [old.id]
    )
    const cleared = await api(client, 'get', '/deposits/history?startDate=&endDate=').loginAs(
      customer
    )
    assert.equal(cleared.body().meta.total, 2)
    const bad = await api(
      client,
      'get',
      '/deposits/history?startDate=2026-02-01&endDate=2026-01-01'
    ).loginAs(customer)
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).endDate, 'End date must be on or after the start date')
    const garbage = await api(
      client,
      'get',
      '/deposits/history?page=-1&startDate=yesterday'
    ).loginAs(customer)
    garbage.assertStatus(422)
  })
})

test.group('Bank deposit page and PUT /deposits/bank/:id', (group) => {
  isolate(group)
  withoutOtherDeposits(group)
  removeKycFilesAfterEach(group)

  async function sendProof(
    client: any,
    user: any,
    id: number,
    fields: Record<string, string | null> = {},
    proof: Upload | null = upload('png')
  ) {
    const all = {
      bank_name: 'Sender Bank',
      account_name: 'ignored',
      account_number: 'GB29 NWBK 6016 1331 9268 19',
      ...fields,
    }
    let request = client
      .put(`/deposits/bank/${id}`)
      .header('Accept', 'application/json')
      .loginAs(user)
      .withCsrfToken()
    for (const [k, v] of Object.entries(all)) if (v !== null) request = request.field(k, v)
    if (proof)
      request = request.file('proof', proof.bytes, {
        filename: proof.filename,
        contentType: proof.contentType,
      })
    return request
  }

  test('the page shows the broker’s bank account and the amount', async ({ client }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    // 1% of 120.00
    const deposit = await pendingDeposit(customer, 'bank', '120.00', '1')
    const response = await client
      .get(`/deposits/bank/${deposit.id}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/bank_deposit')
    response.assertInertiaPropsContains({
      id: deposit.id,
      amount: '121.20',
      currency: 'USD',
      accountName: customer.fullName,
      bank: {
        bankName: 'Demo Bank AG',
        accountHolder: 'Broker Ltd',
        accountNumber: 'DE89370400440532013000',
        swiftCode: 'COBADEFFXXX',
        country: 'Germany',
      },
    })
  })

  test('sender details and a proof are recorded; the account name is always the customer’s', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'bank')
    const response = await sendProof(client, customer, deposit.id)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Deposit request submitted successfully')
    await deposit.refresh()
    assert.equal(deposit.status, 'pending')
    assert.match(deposit.proofPath!, new RegExp(`^deposit-proofs/${customer.id}/[0-9a-f-]+\\.png$`))
    assert.containsSubset(JSON.parse(deposit.description!), {
      bankName: 'Sender Bank',
      accountName: customer.fullName,
      accountNumber: 'GB29 NWBK 6016 1331 9268 19',
    })
    const proof = await client.get(`/deposits/${deposit.id}/proof`).loginAs(customer)
    proof.assertStatus(200)
    proof.assertHeader('content-type', 'image/png')
  })

  test('missing fields get the spec messages; a file renamed to .jpg that is not an image is refused', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'bank')
    const missing = await sendProof(
      client,
      customer,
      deposit.id,
      { bank_name: null, account_number: '' },
      null
    )
    missing.assertStatus(422)
    assert.containsSubset(fieldErrors(missing.body()), {
      bank_name: 'Bank name is required',
      account_number: 'Account number is required',
      proof: 'Proof is required',
    })
    const fake = await sendProof(
      client,
      customer,
      deposit.id,
      {},
      {
        bytes: Buffer.from('not an image at all'),
        filename: 'proof.jpg',
        contentType: 'image/jpeg',
      }
    )
    fake.assertStatus(422)
    assert.equal(fieldErrors(fake.body()).proof, 'Proof must be a JPEG, PNG or WebP image or a PDF')
    await deposit.refresh()
    assert.isNull(deposit.proofPath)
  })

  test("another user's deposit is 404; a decided one is 409", async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const foreign = await pendingDeposit(await UserFactory.create(), 'bank')
    ;(await sendProof(client, customer, foreign.id)).assertStatus(404)
    ;(await client.get(`/deposits/bank/${foreign.id}`).loginAs(customer)).assertStatus(404)
    ;(await client.get(`/deposits/${foreign.id}/proof`).loginAs(customer)).assertStatus(404)
    const decided = await pendingDeposit(customer, 'bank')
    await Deposit.query().where('id', decided.id).update({ status: 'declined' })
    ;(await sendProof(client, customer, decided.id)).assertStatus(409)
    const page = await client.get(`/deposits/bank/${decided.id}`).loginAs(customer).redirects(0)
    page.assertStatus(302)
    assert.equal(page.header('location'), '/deposits?status=failed&amount=100.00')
  })
})

test.group('Crypto deposit page', (group) => {
  isolate(group)
  withoutOtherDeposits(group)

  test('shows the address, an app-drawn QR code and the converted amount', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    // 1% of 100.00
    const deposit = await pendingDeposit(customer, 'usdt', '100.00', '1')
    const response = await client
      .get(`/deposits/crypto/${deposit.id}`)
      .loginAs(customer)
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/crypto_deposit')
    const props = response.body().props
    assert.containsSubset(props, {
      gateway: 'USDT',
      amount: '100.00',
      total: '101.00',
      currency: 'USD',
      coin: 'USDT',
      convertedAmount: '101',
    })
    assert.equal(props.walletCode, (await PaymentGateway.findByOrFail('value', 'usdt')).key1)
    assert.match(props.qrCode, /^data:image\/png;base64,/)
  })

  test('bitcoin is converted at the BTC_USD mid, rounded up to satoshis', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const deposit = await pendingDeposit(customer, 'btc', '100.00')
    const props = (
      await client.get(`/deposits/crypto/${deposit.id}`).loginAs(customer).withInertia()
    ).body().props
    assert.match(props.convertedAmount, /^0\.\d{1,8}$/)
    assert.isTrue(money(props.convertedAmount).greaterThan(0))
  })

  test("another user's or a bank deposit is 404", async ({ client }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const foreign = await pendingDeposit(await UserFactory.create(), 'btc')
    ;(await client.get(`/deposits/crypto/${foreign.id}`).loginAs(customer)).assertStatus(404)
    const bank = await pendingDeposit(customer, 'bank')
    ;(await client.get(`/deposits/crypto/${bank.id}`).loginAs(customer)).assertStatus(404)
  })
})

test.group('Ledger', (group) => {
  isolate(group)
  test('creating deposits never writes a ledger entry', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const wallet = await realWalletOf(customer)
    const before = await LedgerEntry.query().where('balance_id', wallet.id).count('* as n').first()
    await api(client, 'post', '/deposits', await depositPayload(customer, 'bank', '10')).loginAs(
      customer
    )
    const after = await LedgerEntry.query().where('balance_id', wallet.id).count('* as n').first()
    assert.equal(Number(after!.$extras.n), Number(before!.$extras.n))
  })
})
