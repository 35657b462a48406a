import { test } from '@japa/runner'
import {
  API_SETTINGS,
  apiSettingsCard,
  hasSavedSettings,
  quotaUsage,
  secretFieldNames,
} from '#domain/api_settings'
import { chipState, FEED_STATUS_ROWS, quotaText, readHeartbeat } from '#domain/feed_status'
import { formValues, settingProblem, settingsProblems } from '#domain/settings_schema'

const polygon = apiSettingsCard('polygonAPI')!.schema
const oanda = apiSettingsCard('oandaAPI')!.schema

test.group('API Settings schemas (app/domain/api_settings.ts)', () => {
  test('Disconnect shows only for saved settings: a default mode alone is none', ({ assert }) => {
    const empty = { value1: '', value2: '', value3: 'fxpractice' }
    assert.isFalse(hasSavedSettings(oanda, empty, []))
    assert.isTrue(hasSavedSettings(oanda, { ...empty, value3: 'fxtrade' }, []))
    assert.isTrue(hasSavedSettings(oanda, { ...empty, value1: '001-002' }, []))
    assert.isTrue(hasSavedSettings(oanda, empty, ['value2']))
    assert.isFalse(hasSavedSettings(polygon, {}, []))
  })

  test("five cards with the spec's titles, in its order; unknown keys have none", ({ assert }) => {
    assert.deepEqual(
      API_SETTINGS.map((c) => [c.key, c.title]),
      [
        ['polygonAPI', 'Polygon Socket (Forex, Crypto, Hours)'],
        ['eodAPI', 'EOD Historial Data (Stock)'],
        ['currencyAPI', 'Currency API'],
        ['oandaAPI', 'OANDA API (Commodity, Index)'],
        ['voiso', 'Voiso'],
      ]
    )
    assert.isUndefined(apiSettingsCard('stripe'))
    assert.isUndefined(apiSettingsCard('__proto__'))
    assert.isUndefined(apiSettingsCard(undefined))
  })

  test('each field lives in its row and slot; keys are secret; the toast is "{key} updated successfully"', ({
    assert,
  }) => {
    for (const card of API_SETTINGS) {
      assert.equal(card.schema.saved, `${card.key} updated successfully`)
      for (const field of card.schema.fields) {
        assert.equal(field.key, card.key)
        assert.equal(field.slot, field.name)
      }
    }
    assert.deepEqual(secretFieldNames(polygon), ['value1'])
    assert.deepEqual(secretFieldNames(oanda), ['value2'])
    assert.deepEqual(
      oanda.fields.map((f) => f.label),
      ['Account Number', 'API Key', 'Mode']
    )
  })

  test('a required key may be blank only when stored or cleared; other fields keep their rule', ({
    assert,
  }) => {
    assert.deepEqual(settingsProblems(polygon, { value1: '' }), { value1: 'API Key is required' })
    assert.deepEqual(settingsProblems(polygon, { value1: '' }, ['value1']), {})
    assert.deepEqual(settingsProblems(polygon, { value1: ' pk ' }), {})
    assert.deepEqual(settingsProblems(oanda, { value1: '', value2: '', value3: 'x' }, ['value2']), {
      value1: 'Account Number is required',
      value3: 'Mode must be fxpractice or fxtrade',
    })
    // A shown field is never "kept": blankAllowed is for secrets only.
    assert.equal(settingProblem(oanda.fields[0], '', true), 'Account Number is required')
    assert.equal(
      settingProblem(polygon.fields[0], 'k'.repeat(201), true),
      'API Key must be at most 200 characters'
    )
  })

  test('form values never carry a key, only that one is stored', ({ assert }) => {
    const { values, secretsSet } = formValues(oanda, {
      oandaAPI: { value1: '101-1', value2: 'token', value3: 'fxtrade' },
    })
    assert.deepEqual(values, { value1: '101-1', value2: '', value3: 'fxtrade' })
    assert.deepEqual(secretsSet, ['value2'])
    assert.deepEqual(formValues(oanda, {}).values, { value1: '', value2: '', value3: 'fxpractice' })
  })

  test('Currency API quota: used = limit − remaining, unknown when either is missing or not a count', ({
    assert,
  }) => {
    assert.deepEqual(quotaUsage('290', '300'), { used: 10, total: 300 })
    assert.deepEqual(quotaUsage('0', '300'), { used: 300, total: 300 })
    assert.deepEqual(quotaUsage('500', '300'), { used: 0, total: 300 }, 'never negative')
    for (const [r, l] of [
      [null, '300'],
      ['290', null],
      ['', '300'],
      ['-1', '300'],
      ['1.5', '300'],
      ['290', 'x'],
    ]) {
      assert.isNull(quotaUsage(r, l), `${r}/${l}`)
    }
  })
})

test.group('API Status (app/domain/feed_status.ts)', () => {
  test("the spec's four rows, in order", ({ assert }) => {
    assert.deepEqual(
      FEED_STATUS_ROWS.map((r) => r.label),
      ['Polygon (Forex)', 'Polygon (Crypto)', 'EOD Historical Data (Stock)', 'Oanda Rest (Others)']
    )
  })

  test('a chip is Checking until a heartbeat speaks, then Connected or Disconnected; silence brings Checking back', ({
    assert,
  }) => {
    assert.equal(chipState(undefined), 'checking')
    assert.equal(chipState({ success: true, message: 'Connected' }), 'connected')
    assert.equal(chipState({ success: false, message: 'Unauthorized' }), 'disconnected')
    assert.equal(chipState({ success: true, message: 'Connected' }, true), 'checking')
  })

  test('a received frame keeps only well-formed entries of known feeds', ({ assert }) => {
    assert.isNull(readHeartbeat(null))
    assert.isNull(readHeartbeat({ type: 'price', feeds: {} }))
    assert.isNull(readHeartbeat({ type: 'heartbeat' }))
    assert.deepEqual(
      readHeartbeat({
        type: 'heartbeat',
        feeds: {
          polygonForex: { success: true, message: 'Connected' },
          polygonCrypto: { success: 'yes', message: 'Connected' },
          other: { success: true, message: 'x' },
        },
      }),
      { polygonForex: { success: true, message: 'Connected' } }
    )
  })

  test('the quota reads used/total, or a dash while unknown', ({ assert }) => {
    assert.equal(quotaText({ used: 13, total: 300 }), '13/300')
    assert.equal(quotaText({ used: null, total: null }), '-')
    assert.equal(quotaText(null), '-')
  })
})
