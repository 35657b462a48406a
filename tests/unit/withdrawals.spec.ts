import { test } from '@japa/runner'
import {
  bankDescription,
  parseBankDescription,
  parseWithdrawFees,
  withdrawableAmount,
  withdrawTotals,
} from '#domain/withdrawals'

const totals = (amount: string, feePercentage: string, feeFixed: string) => {
  const t = withdrawTotals(amount, { feePercentage, feeFixed })
  return [t.amount.toFixed(2), t.fee.toFixed(2), t.total.toFixed(2)]
}

test.group('withdraw fee (customer spec §9)', () => {
  test('fee = percentage / 100 × amount + fixed; total = amount + fee', ({ assert }) => {
    assert.deepEqual(totals('100', '1.5', '2'), ['100.00', '3.50', '103.50'])
    assert.deepEqual(totals('250', '0', '0'), ['250.00', '0.00', '250.00'])
    assert.deepEqual(totals('250', '0', '5'), ['250.00', '5.00', '255.00'])
    assert.deepEqual(totals('1000', '2.25', '0'), ['1000.00', '22.50', '1022.50'])
    assert.deepEqual(totals('0.01', '100', '0'), ['0.01', '0.01', '0.02'])
  })

  test('the fee is rounded half-up to the cent, exactly (no float error)', ({ assert }) => {
    assert.deepEqual(totals('10.10', '1.5', '0'), ['10.10', '0.15', '10.25']) // 0.1515
    assert.deepEqual(totals('10.50', '1.5', '0'), ['10.50', '0.16', '10.66']) // 0.1575
    assert.deepEqual(totals('1.00', '0.5', '0'), ['1.00', '0.01', '1.01']) // 0.005 → 0.01
    assert.deepEqual(totals('0.10', '0.1', '0.2'), ['0.10', '0.20', '0.30']) // 0.0001 + 0.2
    assert.deepEqual(totals('99999999999.99', '1', '0'), [
      '99999999999.99',
      '1000000000.00',
      '100999999999.99',
    ])
  })

  test('stored settings are read as fees, unreadable values as 0', ({ assert }) => {
    assert.deepEqual(parseWithdrawFees({ value1: '1.50', value2: '2' }), {
      feePercentage: '1.5',
      feeFixed: '2',
    })
    assert.deepEqual(parseWithdrawFees({ value1: null, value2: 'abc' }), {
      feePercentage: '0',
      feeFixed: '0',
    })
    assert.deepEqual(parseWithdrawFees({ value1: '-1', value2: ' 3 ' }), {
      feePercentage: '0',
      feeFixed: '3',
    })
    assert.deepEqual(parseWithdrawFees(undefined), { feePercentage: '0', feeFixed: '0' })
  })
})

test.group('withdrawable amount', () => {
  test('free balance = balance − margin − on hold; an open loss lowers it, an open profit does not raise it', ({
    assert,
  }) => {
    const wallet = { balance: '1000', margin: '200', onHold: '100' }
    assert.equal(withdrawableAmount(wallet).toFixed(2), '700.00')
    assert.equal(withdrawableAmount({ ...wallet, openProfitLoss: '-150.5' }).toFixed(2), '549.50')
    assert.equal(withdrawableAmount({ ...wallet, openProfitLoss: '300' }).toFixed(2), '700.00')
    assert.equal(withdrawableAmount({ ...wallet, openProfitLoss: '-900' }).toFixed(2), '-200.00')
  })
})

test.group('bank description', () => {
  const details = {
    bankName: 'Demo Bank AG',
    accountName: 'Carla Customer',
    accountNumber: 'DE89370400440532013000',
    swiftCode: 'COBADEFFXXX',
    bankCountry: 'Germany',
  }

  test('round-trips through the description column', ({ assert }) => {
    assert.deepEqual(parseBankDescription(bankDescription(details)), details)
  })

  test('anything else is not bank details', ({ assert }) => {
    for (const text of [
      null,
      '',
      'Withdraw request',
      '[]',
      '{"bankName": 1}',
      '{"bankName":"x"}',
      'null',
    ]) {
      assert.isNull(parseBankDescription(text), String(text))
    }
  })
})
