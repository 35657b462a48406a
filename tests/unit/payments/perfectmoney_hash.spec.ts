import { test } from '@japa/runner'
import {
  perfectMoneyHashMatches,
  perfectMoneyV2Hash,
} from '#services/payments/signatures/perfectmoney'

// Computed with md5sum: UPPER(md5('secret-passphrase')) = A3A4730288D7C18687B3F63664668659, then
// UPPER(md5('ORDER-42:U1234567:15.95:USD:78901234:U7654321:A3A4…8659:1700000000')).
const FIELDS = {
  PAYMENT_ID: 'ORDER-42',
  PAYEE_ACCOUNT: 'U1234567',
  PAYMENT_AMOUNT: '15.95',
  PAYMENT_UNITS: 'USD',
  PAYMENT_BATCH_NUM: '78901234',
  PAYER_ACCOUNT: 'U7654321',
  TIMESTAMPGMT: '1700000000',
}
const PASSPHRASE = 'secret-passphrase'
const V2_HASH = 'B0DB1AE92497F852EF0259507C1FA0DB'

test.group('Perfect Money V2_HASH', () => {
  test('matches the fixed vector', ({ assert }) => {
    assert.equal(perfectMoneyV2Hash(FIELDS, PASSPHRASE), V2_HASH)
    assert.isTrue(perfectMoneyHashMatches(V2_HASH, FIELDS, PASSPHRASE))
    assert.isTrue(perfectMoneyHashMatches(V2_HASH.toLowerCase(), FIELDS, PASSPHRASE))
  })

  test('every hashed field and the passphrase change the hash', ({ assert }) => {
    for (const name of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
      assert.isFalse(
        perfectMoneyHashMatches(V2_HASH, { ...FIELDS, [name]: `${FIELDS[name]}0` }, PASSPHRASE),
        name
      )
    }
    assert.isFalse(perfectMoneyHashMatches(V2_HASH, FIELDS, 'Secret-passphrase'))
    // The amount is hashed as posted text: 15.950 is not 15.95.
    assert.isFalse(
      perfectMoneyHashMatches(V2_HASH, { ...FIELDS, PAYMENT_AMOUNT: '15.950' }, PASSPHRASE)
    )
  })

  test('refuses a missing or truncated hash', ({ assert }) => {
    assert.isFalse(perfectMoneyHashMatches(undefined, FIELDS, PASSPHRASE))
    assert.isFalse(perfectMoneyHashMatches(null, FIELDS, PASSPHRASE))
    assert.isFalse(perfectMoneyHashMatches('', FIELDS, PASSPHRASE))
    assert.isFalse(perfectMoneyHashMatches(V2_HASH.slice(1), FIELDS, PASSPHRASE))
  })
})
