import { test } from '@japa/runner'
import Balance from '#models/balance'
import Instrument from '#models/instrument'
import LotOption from '#models/lot_option'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

test.group('GET /dashboard/rates', (group) => {
  isolate(group)

  test('a USD wallet: JPY converts at the USD_JPY mid, USD at 1', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const jpy = await api(client, 'get', '/dashboard/rates?quote=JPY').loginAs(customer)
    jpy.assertStatus(200)
    // USD_JPY seeded at 151.414 / 151.426: mid 151.42
    assert.deepEqual(jpy.body(), { quote: 'JPY', currency: 'USD', rate: '151.42' })
    const usd = await api(client, 'get', '/dashboard/rates?quote=usd').loginAs(customer)
    assert.deepEqual(usd.body(), { quote: 'USD', currency: 'USD', rate: '1' })
  })

  test('an EUR wallet crosses through USD for a JPY quote', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const wallet = await Balance.create({
      userId: customer.id,
      mode: 'real',
      currency: 'EUR',
      balance: '0',
      margin: '0',
      onHold: '0',
      version: 0,
    })
    customer.activeBalanceId = wallet.id
    await customer.save()
    const response = await api(client, 'get', '/dashboard/rates?quote=JPY').loginAs(customer)
    response.assertStatus(200)
    // EUR_JPY is listed (164.201 / 164.219): the direct pair wins, mid 164.21
    assert.equal(response.body().rate, '164.21')
  })

  test('an unknown or malformed quote answers 422 under quote', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const unknown = await api(client, 'get', '/dashboard/rates?quote=XYZ').loginAs(customer)
    unknown.assertStatus(422)
    assert.equal(fieldErrors(unknown.body()).quote, 'No conversion rate from XYZ to USD')
    const missing = await api(client, 'get', '/dashboard/rates').loginAs(customer)
    missing.assertStatus(422)
    assert.equal(fieldErrors(missing.body()).quote, 'Quote currency is required')
    const bad = await api(client, 'get', '/dashboard/rates?quote=%00%00').loginAs(customer)
    assert.isBelow(bad.status(), 500)
  })
})

test.group('GET /dashboard/lot-state/:category', (group) => {
  isolate(group)

  test('forex trades in lots from the selector; other categories by amount', async ({
    client,
    assert,
  }) => {
    const customer = await UserFactory.create()
    const forex = await api(client, 'get', '/dashboard/lot-state/forex').loginAs(customer)
    forex.assertStatus(200)
    assert.equal(forex.body().lotState, 'lot')
    assert.deepEqual(forex.body().lotSelector[0], { value: '1000', label: '0.01 (Micro)' })
    assert.lengthOf(
      forex.body().lotSelector,
      await LotOption.query()
        .count('* as n')
        .then((r) => Number(r[0].$extras.n))
    )
    const crypto = await api(client, 'get', '/dashboard/lot-state/crypto').loginAs(customer)
    assert.equal(crypto.body().lotState, 'amount')
  })

  test('follows the lot setting', async ({ client, assert }) => {
    await settings.put('lot_crypto', { value1: 'lot' })
    const customer = await UserFactory.create()
    const response = await api(client, 'get', '/dashboard/lot-state/crypto').loginAs(customer)
    assert.equal(response.body().lotState, 'lot')
  })

  test('an unknown category is not found', async ({ client }) => {
    const customer = await UserFactory.create()
    const response = await api(client, 'get', '/dashboard/lot-state/bonds').loginAs(customer)
    response.assertStatus(404)
  })
})

test.group('Favorites', (group) => {
  isolate(group)

  test('add, list and remove; adding twice keeps one', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const eur = await Instrument.findByOrFail('name', 'EUR_USD')
    const btc = await Instrument.findByOrFail('name', 'BTC_USD')

    const added = await api(client, 'post', '/dashboard/add-to-favorite', { id: eur.id }).loginAs(
      customer
    )
    added.assertStatus(200)
    assert.equal(added.body().message, 'Added to favorites')
    await api(client, 'post', '/dashboard/add-to-favorite', { id: eur.id }).loginAs(customer)
    await api(client, 'post', '/dashboard/add-to-favorite', { id: btc.id }).loginAs(customer)

    const list = await api(client, 'get', '/dashboard/get-favorite').loginAs(customer)
    assert.deepEqual(
      list.body().map((f: any) => [f.name, f.instrument_id, f.list_id]),
      [
        ['EUR_USD', eur.id, 1],
        ['BTC_USD', btc.id, 1],
      ]
    )

    const removed = await api(client, 'post', '/dashboard/remove-from-favorite', {
      id: eur.id,
    }).loginAs(customer)
    assert.equal(removed.body().message, 'Removed from favorites')
    const after = await api(client, 'get', '/dashboard/get-favorite').loginAs(customer)
    assert.deepEqual(
      after.body().map((f: any) => f.name),
      ['BTC_USD']
    )
  })

  test('favorites are per user', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const newcomer = await UserFactory.create()
    const eur = await Instrument.findByOrFail('name', 'EUR_USD')
    await api(client, 'post', '/dashboard/add-to-favorite', { id: eur.id }).loginAs(customer)
    const theirs = await api(client, 'get', '/dashboard/get-favorite').loginAs(newcomer)
    assert.deepEqual(theirs.body(), [])
  })

  test('an unknown instrument is 404; a bad id is 422', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const unknown = await api(client, 'post', '/dashboard/add-to-favorite', { id: 999999 }).loginAs(
      customer
    )
    unknown.assertStatus(404)
    const bad = await api(client, 'post', '/dashboard/add-to-favorite', { id: 'abc' }).loginAs(
      customer
    )
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).id, 'Instrument is required')
  })
})
