import { test } from '@japa/runner'
import { freeBalance, planPayment, type PayerWallet } from '#domain/plan_payment'

const wallet = (
  id: number,
  mode: 'demo' | 'real',
  balance: string,
  extra: Partial<PayerWallet> = {}
): PayerWallet => ({ id, mode, currency: 'USD', balance, margin: '0', onHold: '0', ...extra })

test.group('Which wallet pays for a plan (app/domain/plan_payment.ts)', () => {
  test('a free plan charges nothing, whatever the wallets', ({ assert }) => {
    assert.deepEqual(planPayment({ price: '0', activeWalletId: null, wallets: [] }), {
      kind: 'free',
    })
    assert.deepEqual(
      planPayment({ price: '0.00', activeWalletId: 1, wallets: [wallet(1, 'demo', '0')] }),
      { kind: 'free' }
    )
  })

  test('an active real wallet pays when its free balance covers the price, to the cent', ({
    assert,
  }) => {
    const real = wallet(2, 'real', '250.00')
    assert.deepEqual(planPayment({ price: '250', activeWalletId: 2, wallets: [real] }), {
      kind: 'wallet',
      wallet: real,
    })
    const short = wallet(2, 'real', '249.99')
    assert.deepEqual(planPayment({ price: '250', activeWalletId: 2, wallets: [short] }), {
      kind: 'insufficient',
    })
  })

  test('an active real wallet that cannot pay is not replaced by another wallet', ({ assert }) => {
    const wallets = [wallet(1, 'real', '10'), wallet(2, 'real', '1000'), wallet(3, 'demo', '1000')]
    assert.equal(planPayment({ price: '250', activeWalletId: 1, wallets }).kind, 'insufficient')
  })

  test('margin and money on hold are not free', ({ assert }) => {
    const busy = wallet(1, 'real', '1000', { margin: '700', onHold: '100' })
    assert.equal(freeBalance(busy).toFixed(2), '200.00')
    assert.equal(
      planPayment({ price: '250', activeWalletId: 1, wallets: [busy] }).kind,
      'insufficient'
    )
    assert.equal(planPayment({ price: '200', activeWalletId: 1, wallets: [busy] }).kind, 'wallet')
  })

  test('a demo wallet never pays: its real wallet of the same currency does, the first that can', ({
    assert,
  }) => {
    const demo = wallet(1, 'demo', '10000')
    const poor = wallet(2, 'real', '100')
    const euro = wallet(3, 'real', '5000', { currency: 'EUR' })
    const rich = wallet(4, 'real', '300')
    const richer = wallet(5, 'real', '900')
    const result = planPayment({
      price: '250',
      activeWalletId: 1,
      wallets: [richer, demo, euro, rich, poor],
    })
    assert.deepEqual(result, { kind: 'wallet', wallet: rich })
  })

  test('a demo wallet whose real wallets cannot pay: not enough balance', ({ assert }) => {
    const wallets = [
      wallet(1, 'demo', '10000'),
      wallet(2, 'real', '0'),
      wallet(3, 'real', '5000', { currency: 'EUR' }),
      wallet(4, 'demo', '10000', { currency: 'EUR' }),
    ]
    assert.deepEqual(planPayment({ price: '250', activeWalletId: 1, wallets }), {
      kind: 'insufficient',
    })
  })

  test("no active wallet (or one that is not the customer's): not enough balance", ({ assert }) => {
    const wallets = [wallet(2, 'real', '1000')]
    assert.equal(planPayment({ price: '1', activeWalletId: null, wallets }).kind, 'insufficient')
    assert.equal(planPayment({ price: '1', activeWalletId: 99, wallets }).kind, 'insufficient')
  })
})
