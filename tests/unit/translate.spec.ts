import { test } from '@japa/runner'
import { compileDictionary, fillPlaceholders, lookup } from '#domain/translate'

const spanish = compileDictionary({
  'Withdraw': 'Retirar',
  'Total: {n}': 'Total: {n}',
  'Subscribed to {plan}': 'Suscrito a {plan}',
  '{name} updated successfully': '{name} actualizado correctamente',
  'Position #{id} {instrument} closed ({reason})': 'Posición #{id} {instrument} cerrada ({reason})',
  'take profit': 'toma de ganancias',
  'Deposit #{id} ({gateway})': 'Depósito #{id} ({gateway})',
  'Deposit #{id} ({gateway}): {note}': 'Depósito #{id} ({gateway}): {note}',
  'Deposit via {name}': 'Depósito mediante {name}',
  '{description} (the gateway did not start the payment)':
    '{description} (la pasarela no inició el pago)',
})

test.group('translations keyed by the English text (app/domain/translate.ts)', () => {
  test('a plain key and a key whose values the caller gives', ({ assert }) => {
    assert.equal(lookup(spanish, 'Withdraw'), 'Retirar')
    assert.equal(lookup(spanish, 'Total: {n}', { n: 15 }), 'Total: 15')
    assert.isUndefined(lookup(spanish, 'Favorite Pairs'))
    assert.isUndefined(lookup(spanish, 'Missing {x}', { x: 1 }))
  })

  test('a text filled on the server is matched to its template and its values kept', ({
    assert,
  }) => {
    assert.equal(lookup(spanish, 'Subscribed to Gold Plan'), 'Suscrito a Gold Plan')
    assert.equal(
      lookup(spanish, 'Bitcoin updated successfully'),
      'Bitcoin actualizado correctamente'
    )
  })

  test('values that are keys themselves are translated too', ({ assert }) => {
    assert.equal(
      lookup(spanish, 'Position #12 EUR_USD closed (take profit)'),
      'Posición #12 EUR_USD cerrada (toma de ganancias)'
    )
  })

  test('a value that is itself a filled text is translated through its own template', ({
    assert,
  }) => {
    assert.equal(
      lookup(spanish, 'Deposit via Stripe (the gateway did not start the payment)'),
      'Depósito mediante Stripe (la pasarela no inició el pago)'
    )
  })

  test('the template with the most fixed text wins', ({ assert }) => {
    assert.equal(
      lookup(spanish, 'Deposit #4 (bank): paid 90.00 of 100.00'),
      'Depósito #4 (bank): paid 90.00 of 100.00'
    )
    assert.equal(lookup(spanish, 'Deposit #4 (bank)'), 'Depósito #4 (bank)')
  })

  test('placeholders are filled once, unknown ones left, regex characters in keys are literal', ({
    assert,
  }) => {
    assert.equal(fillPlaceholders('{a} and {b}', { a: '{b}' }), '{b} and {b}')
    assert.equal(fillPlaceholders('{a}', {}), '{a}')
    const dictionary = compileDictionary({ 'Fee (%) {n}?': 'Comisión (%) {n}?' })
    assert.equal(lookup(dictionary, 'Fee (%) 2.5?'), 'Comisión (%) 2.5?')
    assert.isUndefined(lookup(dictionary, 'Fee (x) 2.5?'))
  })
})
