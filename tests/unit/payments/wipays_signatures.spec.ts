import { test } from '@japa/runner'
import { wipaysIpnSignature, wipaysSignatureMatches } from '#services/payments/signatures/wipays'

/* Expected value computed with `openssl dgst -sha256 -hmac secret_key_123`, independently of the code under test. */
const EXPECTED = '07392323322067D9837DDF7BE3238FEFE605FCCEE5579F8EDFC61AAE2C6D2D11'

test.group('WiPays IPN signature', () => {
  test('UPPER hex HMAC-SHA256 of identifier + top-level timestamp, keyed with the secret key', ({
    assert,
  }) => {
    assert.equal(
      wipaysIpnSignature('secret_key_123', 'YOUR_UNIQUE_IDENTIFIER', '1631533200'),
      EXPECTED
    )
  })

  test('matches in either hex case; any other key, identifier or timestamp does not', ({
    assert,
  }) => {
    assert.isTrue(
      wipaysSignatureMatches(EXPECTED, 'secret_key_123', 'YOUR_UNIQUE_IDENTIFIER', '1631533200')
    )
    assert.isTrue(
      wipaysSignatureMatches(
        EXPECTED.toLowerCase(),
        'secret_key_123',
        'YOUR_UNIQUE_IDENTIFIER',
        '1631533200'
      )
    )
    assert.isFalse(
      wipaysSignatureMatches(EXPECTED, 'secret_key_124', 'YOUR_UNIQUE_IDENTIFIER', '1631533200')
    )
    assert.isFalse(
      wipaysSignatureMatches(EXPECTED, 'secret_key_123', 'OTHER_IDENTIFIER', '1631533200')
    )
    assert.isFalse(
      wipaysSignatureMatches(EXPECTED, 'secret_key_123', 'YOUR_UNIQUE_IDENTIFIER', '1631533201')
    )
    assert.isFalse(
      wipaysSignatureMatches(
        EXPECTED.slice(1),
        'secret_key_123',
        'YOUR_UNIQUE_IDENTIFIER',
        '1631533200'
      )
    )
    assert.isFalse(
      wipaysSignatureMatches('', 'secret_key_123', 'YOUR_UNIQUE_IDENTIFIER', '1631533200')
    )
  })
})
