import { test } from '@japa/runner'
import { differenceText, reconciliationLine, shownAmount } from '#domain/reconciliation'

test.group('reconciliation (issue 24 item 6)', () => {
  test('a difference names the wallet, the user, the currency, the rule, expected and found', ({
    assert,
  }) => {
    assert.equal(
      differenceText({
        check: 'balance',
        walletId: 12,
        userId: 7,
        currency: 'EUR',
        expected: '100.00',
        found: '101.00',
      }),
      'Wallet #12 (user #7, EUR): balance = sum of the ledger entries: expected 100.00, found 101.00'
    )
  })

  test('amounts keep cents, drop float noise, never round a sub-cent difference away', ({
    assert,
  }) => {
    assert.equal(shownAmount('100'), '100.00')
    assert.equal(shownAmount(0.30000000000000004), '0.30')
    assert.equal(shownAmount('100.005'), '100.005')
    assert.equal(shownAmount(null), '0.00')
  })

  test('the dashboard line: none yet, balanced after a rollover, differing by hand', ({
    assert,
  }) => {
    assert.equal(reconciliationLine(null).tone, 'neutral')
    const balanced = reconciliationLine({
      kind: 'rollover',
      rolloverDate: '2026-11-18',
      wallets: 2412,
      differences: 0,
      finishedAt: '2026-11-18T22:00:41.000Z',
    })
    assert.deepEqual(balanced, {
      tone: 'success',
      text: 'Books balanced at 17:00 New York: {wallets} wallets, {differences} differences',
      values: { wallets: '2,412', differences: '0', time: '2026-11-18 22:00 UTC' },
    })
    const differing = reconciliationLine({
      kind: 'manual',
      rolloverDate: null,
      wallets: 2412,
      differences: 3,
      finishedAt: '2026-11-19T08:15:00.000Z',
    })
    assert.equal(differing.tone, 'warning')
    assert.equal(
      differing.text,
      'Books differ at {time}: {wallets} wallets, {differences} differences'
    )
  })
})
