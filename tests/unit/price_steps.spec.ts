import { test } from '@japa/runner'
import { distanceInPips, priceStep } from '#domain/price_steps'

test.group('price steps (issue 23: pending price and trailing distance steppers)', () => {
  test('forex steps by one pip: 0.0001, or 0.01 against the yen', ({ assert }) => {
    assert.equal(priceStep('forex', 'USD', '1.08662'), '0.0001')
    assert.equal(priceStep('forex', 'JPY', '151.234'), '0.01')
  })

  test('other markets step by one unit of their last quoted digit', ({ assert }) => {
    assert.equal(priceStep('crypto', 'USD', '64250.12'), '0.01')
    assert.equal(priceStep('commodity', 'USD', '24.512'), '0.001')
    assert.equal(priceStep('index', 'USD', '3.1234'), '0.0001')
    assert.equal(priceStep('crypto', 'USD', '0.123456'), '0.000001')
  })

  test('a distance in price units reads as pips of the quote', ({ assert }) => {
    assert.equal(distanceInPips('0.0020', 'USD'), '20')
    assert.equal(distanceInPips('0.25', 'JPY'), '25')
    assert.equal(distanceInPips('0.00015', 'USD'), '1.5')
  })
})
