import { test } from '@japa/runner'
import {
  exposureAllowed,
  exposureLimitMessage,
  netUsdNotional,
  signedUnits,
} from '#domain/exposure_limits'

test.group('exposure limits (issue 24 item 4)', () => {
  test('a buy adds units to the customers net, a sell takes them away', ({ assert }) => {
    assert.equal(signedUnits('buy', '10000').toFixed(), '10000')
    assert.equal(signedUnits('sell', '2.5').toFixed(), '-2.5')
  })

  test('no limit: everything goes', ({ assert }) => {
    assert.isTrue(
      exposureAllowed({ netUnits: '1e12', orderUnits: '1e12', usdPerUnit: '1.08', limit: null })
    )
  })

  test('within the limit, exactly at it, and beyond it', ({ assert }) => {
    // EUR_USD at mid 1.25: 800,000 long + 0 = 1,000,000 USD, the limit itself.
    const base = { netUnits: '700000', usdPerUnit: '1.25', limit: '1000000' }
    assert.isTrue(exposureAllowed({ ...base, orderUnits: '100000' })) // 800,000 × 1.25 = 1,000,000
    assert.isFalse(exposureAllowed({ ...base, orderUnits: '100001' })) // 1,000,001.25
    // Short side the same: −700,000 − 100,001 = −800,001 → 1,000,001.25 USD.
    assert.isFalse(exposureAllowed({ ...base, netUnits: '-700000', orderUnits: '-100001' }))
  })

  test('an order that reduces the net is allowed even above the limit', ({ assert }) => {
    // Net 2,000,000 long at 1.25 = 2,500,000 USD, limit 1,000,000 (lowered below the book).
    const above = { netUnits: '2000000', usdPerUnit: '1.25', limit: '1000000' }
    assert.isTrue(exposureAllowed({ ...above, orderUnits: '-500000' }))
    // Crossing to the other side but smaller in size: still a reduction.
    assert.isTrue(exposureAllowed({ ...above, orderUnits: '-3999999' }))
    // Flipping to a bigger short is not.
    assert.isFalse(exposureAllowed({ ...above, orderUnits: '-4000001' }))
    // Adding to it is refused.
    assert.isFalse(exposureAllowed({ ...above, orderUnits: '1' }))
  })

  test('a USD value through the conversion: USD_JPY units are worth 1 USD each', ({ assert }) => {
    // USD_JPY mid 151.42 ÷ rate(JPY→USD) 151.42 = 1 USD a unit.
    assert.equal(netUsdNotional('-250000', '1').toFixed(), '250000')
    assert.isTrue(
      exposureAllowed({ netUnits: '0', orderUnits: '250000', usdPerUnit: '1', limit: '250000' })
    )
  })

  test('the message names the instrument and the limit with thousands', ({ assert }) => {
    assert.equal(
      exposureLimitMessage('EUR_USD', '1000000.00'),
      "This order would take the broker's net exposure on EUR_USD beyond its limit of 1,000,000 USD"
    )
    assert.equal(
      exposureLimitMessage('AAPL', '2500.5'),
      "This order would take the broker's net exposure on AAPL beyond its limit of 2,500.50 USD"
    )
  })
})
