import { test } from '@japa/runner'
import {
  formValues,
  keepsStored,
  LOT_MODE_SETTINGS,
  settingProblem,
  settingsProblems,
  SPREAD_SETTINGS,
  storedText,
  type SettingField,
} from '#domain/settings_schema'

const forex = SPREAD_SETTINGS.fields[0]
const secret: SettingField = {
  name: 'apiKey',
  key: 'polygonAPI',
  label: 'API Key',
  kind: 'text',
  maxLength: 200,
  secret: true,
  fallback: '',
  required: 'API Key is required',
}
const toggle: SettingField = {
  name: 'kycTrade',
  key: 'kycTrade',
  label: 'KYC Trade',
  kind: 'switch',
  fallback: 'off',
  required: 'Choose on or off',
}

test.group('settings schema', () => {
  test("Spread Settings: the spec's five keys in its order, whole numbers 0 to 1000", ({
    assert,
  }) => {
    assert.deepEqual(
      SPREAD_SETTINGS.fields.map((f) => f.name),
      ['spread_forex', 'spread_commodity', 'spread_index', 'spread_crypto', 'spread_stock']
    )
    assert.isUndefined(settingProblem(forex, '0'))
    assert.isUndefined(settingProblem(forex, 1000))
    assert.isUndefined(settingProblem(forex, ' 7 '))
    assert.equal(settingProblem(forex, ''), 'Forex spread is required')
    assert.equal(settingProblem(forex, undefined), 'Forex spread is required')
    for (const bad of ['-1', '1.5', '1001', 'abc', '1e3', 1.5, -1, true, {}, []]) {
      assert.equal(
        settingProblem(forex, bad),
        'Forex spread must be a whole number from 0 to 1000',
        String(bad)
      )
    }
  })

  test('Lot modes take lot or amount only', ({ assert }) => {
    const field = LOT_MODE_SETTINGS.fields[3]
    assert.isUndefined(settingProblem(field, 'lot'))
    assert.isUndefined(settingProblem(field, 'amount'))
    assert.equal(settingProblem(field, 'pips'), 'Crypto lot mode must be Lot or Amount')
    assert.deepEqual(
      settingsProblems(LOT_MODE_SETTINGS, {
        lot_forex: 'lot',
        lot_commodity: 'amount',
        lot_index: 'lot',
        lot_crypto: 'lot',
        lot_stock: 'lot',
      }),
      {}
    )
  })

  test('stored text: canonical integers, on/off switches, blank optional as null', ({ assert }) => {
    assert.equal(storedText(forex, ' 007 '), '7')
    assert.equal(storedText(toggle, true), 'on')
    assert.equal(storedText(toggle, false), 'off')
    assert.isNull(storedText({ ...secret, optional: true }, ' '))
  })

  test('form values: fallbacks for missing rows, switches as booleans, secrets never sent back', ({
    assert,
  }) => {
    const schema = { id: 'test', saved: 'Saved', fields: [forex, toggle, secret] }
    const { values, secretsSet } = formValues(schema, {
      kycTrade: { value1: 'on' },
      polygonAPI: { value1: 'sk_live_1' },
    })
    assert.deepEqual(values, { spread_forex: '1', kycTrade: true, apiKey: '' })
    assert.deepEqual(secretsSet, ['apiKey'])
    assert.isTrue(keepsStored(secret, ''))
    assert.isFalse(keepsStored(secret, 'new'))
    assert.isFalse(keepsStored(forex, ''))
  })
})
