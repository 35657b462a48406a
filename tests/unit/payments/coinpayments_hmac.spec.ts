import { test } from '@japa/runner'
import {
  coinpaymentsHmac,
  coinpaymentsHmacMatches,
} from '#services/payments/signatures/coinpayments'

// CoinPayments' own example (apidoc intro): private key "test", this exact body.
const DOC_BODY =
  'currency=BTC&version=1&cmd=get_callback_address&key=your_api_public_key&format=json'
const DOC_HMAC =
  '5590eac015e7692902e1a9cd5464f1d305a4b593d2f1343d826ac5affc5ac6f960a5167284f9bf31295cba0e04df9d8f7087935b5344c468ccf2dd036e159102'

// Computed with `openssl dgst -sha512 -hmac 'my ipn secret'` over these bytes.
const IPN_BODY =
  'ipn_version=1.0&ipn_mode=hmac&merchant=abc&status=100&amount1=102.50&currency1=USD&invoice=x'
const IPN_HMAC =
  '8188726c25bc8ec31a76299e97a26c29d3e840bd5f46cae86f286f15364bb82ecbff2594ba1de1115c911f02c8e2989697e423257450a159eae29d6f5fe3777e'

test.group('CoinPayments HMAC (API calls and IPNs)', () => {
  test('matches the documented API example', ({ assert }) => {
    assert.equal(coinpaymentsHmac('test', DOC_BODY), DOC_HMAC)
  })

  test('signs an IPN body with the IPN secret', ({ assert }) => {
    assert.equal(coinpaymentsHmac('my ipn secret', IPN_BODY), IPN_HMAC)
    assert.isTrue(coinpaymentsHmacMatches(IPN_HMAC, 'my ipn secret', IPN_BODY))
    // Hex case and surrounding spaces in the header do not matter.
    assert.isTrue(coinpaymentsHmacMatches(` ${IPN_HMAC.toUpperCase()} `, 'my ipn secret', IPN_BODY))
  })

  test('refuses a missing header, another secret, another body or a truncated signature', ({
    assert,
  }) => {
    assert.isFalse(coinpaymentsHmacMatches(undefined, 'my ipn secret', IPN_BODY))
    assert.isFalse(coinpaymentsHmacMatches('', 'my ipn secret', IPN_BODY))
    assert.isFalse(coinpaymentsHmacMatches(IPN_HMAC, 'my ipn secreT', IPN_BODY))
    assert.isFalse(
      coinpaymentsHmacMatches(IPN_HMAC, 'my ipn secret', IPN_BODY.replace('102.50', '1102.50'))
    )
    assert.isFalse(coinpaymentsHmacMatches(IPN_HMAC.slice(0, -2), 'my ipn secret', IPN_BODY))
  })

  test('is computed over the bytes as sent: a re-encoded body does not match', ({ assert }) => {
    // The same fields with %20 instead of + for a space are other bytes.
    const plus = 'buyer_name=Carla+Customer&invoice=x'
    const percent = 'buyer_name=Carla%20Customer&invoice=x'
    assert.notEqual(coinpaymentsHmac('k', plus), coinpaymentsHmac('k', percent))
  })
})
