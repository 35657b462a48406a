import { test } from '@japa/runner'
import Setting from '#models/setting'
import currencyRates from '#services/market/feeds/currency_rates'
import { CurrencyApiPoller } from '#services/market/feeds/currency_api'
import { conversionRateFor } from '#queries/conversion_rate'
import { CURRENCY_API_UNAUTHORIZED, CurrencyApiFake } from '#tests/fakes/currency_api_fake'
import { sleep, waitFor } from '#tests/fakes/net'
import { resetMarketState } from '#tests/helpers/market_feeds'
import { isolate } from '#tests/helpers/isolation'

const KEY = 'currency-test-key'
// EUR deliberately far from the listed EUR_USD so the test sees which one conversion used.
const RATES = { EUR: 0.5, BRL: 5.0123, ZAR: 18.27415, JPY: 151.9 }

test.group('Currency API (currencyapi.com v3)', (group) => {
  isolate(group)
  let fake: CurrencyApiFake
  let pollers: CurrencyApiPoller[] = []
  let clock = 1_800_000_000_000
  const poller = (
    options: { apiKey?: string; latestEveryMs?: number; statusEveryMs?: number } = {}
  ) => {
    const p = new CurrencyApiPoller({
      baseUrl: fake.url,
      now: () => clock,
      ...options,
      apiKey: options.apiKey ?? KEY,
    })
    pollers.push(p)
    return p
  }
  const quotaRow = async () => {
    const row = await Setting.findByOrFail('key', 'currencyAPI')
    return { remaining: row.value2, limit: row.value3 }
  }

  group.each.setup(async () => {
    resetMarketState()
    fake = await CurrencyApiFake.start({ apiKey: KEY, monthlyQuota: 300, rates: RATES })
    return async () => {
      await Promise.all(pollers.splice(0).map((p) => p.stop()))
      await fake.close()
      resetMarketState()
    }
  })

  test('latest rates fill the cache as exact strings; the quota lands in the settings row', async ({
    assert,
  }) => {
    await poller().refresh()
    assert.equal(fake.calls.latest, 1)
    assert.equal(currencyRates.rate('BRL', 'USD')!.toFixed(), '5.0123')
    assert.equal(currencyRates.rate('ZAR', 'USD')!.toFixed(), '18.27415')
    assert.equal(currencyRates.rate('USD', 'USD')!.toFixed(), '1')
    assert.isNull(currencyRates.rate('XYZ', 'USD'))
    // Counts the call just made: 300 - 1.
    assert.deepEqual(await quotaRow(), { remaining: '299', limit: '300' })
  })

  test('conversion uses listed pairs first and the Currency API only for the rest', async ({
    assert,
  }) => {
    assert.isNull(await conversionRateFor('BRL', 'USD'))
    await poller().refresh()
    // EUR is listed (EUR_USD): 1 ÷ its mid, not the API's 0.5.
    assert.equal((await conversionRateFor('EUR', 'USD'))!.toFixed(4), '0.9221')
    // BRL is not: 1 USD buys 5.0123 BRL.
    assert.equal((await conversionRateFor('BRL', 'USD'))!.toFixed(), '5.0123')
    // EUR account, ZAR quote: 18.27415 ÷ 0.5 through the API's USD base.
    assert.equal((await conversionRateFor('ZAR', 'EUR'))!.toFixed(), '36.5483')
  })

  test('polls gently: latest only when due, status every cycle', async ({ assert }) => {
    const p = poller({ latestEveryMs: 60_000 })
    await p.refresh()
    await p.refresh()
    assert.equal(fake.calls.latest, 1)
    clock += 60_000
    await p.refresh()
    assert.equal(fake.calls.latest, 2)
    assert.isAtLeast(fake.calls.status, 3)
  })

  test('a 429 keeps the old rates and pauses latest until Retry-After has passed', async ({
    assert,
  }) => {
    const p = poller({ latestEveryMs: 0 })
    await p.refresh()
    fake.rateLimitNext(120)
    await p.refresh()
    assert.equal(fake.calls.latest, 2)
    assert.equal(p.lastError, 'HTTP 429: Too many requests')
    assert.equal(currencyRates.rate('BRL', 'USD')!.toFixed(), '5.0123')
    await p.refresh()
    assert.equal(fake.calls.latest, 2, 'no call while told to wait')
    clock += 120_000
    await p.refresh()
    assert.equal(fake.calls.latest, 3)
    assert.isNull(p.lastError)
  })

  test('a spent monthly quota: the row shows 0 left and latest is not called again', async ({
    assert,
  }) => {
    await fake.close()
    fake = await CurrencyApiFake.start({ apiKey: KEY, monthlyQuota: 1, rates: RATES })
    const p = poller({ latestEveryMs: 0 })
    await p.refresh()
    assert.deepEqual(await quotaRow(), { remaining: '0', limit: '1' })
    await p.refresh()
    assert.equal(fake.calls.latest, 1)
    assert.deepEqual(p.quota, { remaining: 0, total: 1 })
  })

  test('a wrong key is recorded and spends nothing', async ({ assert }) => {
    const p = poller({ apiKey: 'wrong' })
    await p.refresh()
    assert.equal(p.lastError, `HTTP 401: ${CURRENCY_API_UNAUTHORIZED}`)
    assert.equal(fake.calls.latest, 0)
    assert.isNull(currencyRates.updatedAt)
  })

  test('start() polls at once, then on schedule; stop() ends the schedule', async ({ assert }) => {
    const p = poller({ statusEveryMs: 20 })
    p.start()
    await waitFor(() => currencyRates.updatedAt !== null, 'first poll')
    await waitFor(() => fake.calls.status >= 4, 'scheduled status polls')
    assert.equal(fake.calls.latest, 1, 'rates are not due again yet')
    await p.stop()
    await sleep(20) // a request aborted in flight may still land
    const calls = { ...fake.calls }
    await sleep(60)
    assert.deepEqual(fake.calls, calls)
  })
})
