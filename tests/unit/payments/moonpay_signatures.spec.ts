import { test } from '@japa/runner'
import {
  MOONPAY_WEBHOOK_TOLERANCE_SECONDS,
  checkMoonpayWebhook,
  encodeMoonpayValue,
  moonpayUrlSignature,
  moonpayWebhookSignature,
  signedMoonpayUrl,
} from '#services/payments/signatures/moonpay'

/* Expected values computed with `openssl dgst -sha256 -hmac …`, independently of the code under test. */

const DOC_QUERY =
  '?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
const DOC_SIGNATURE = 'o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA='

const BODY =
  '{"type":"transaction_updated","data":{"id":"bda09e91-559f-4e7a-807a-cdec1a903d9d","status":"completed"}}'
const T = '1492774577'
const S = '267e5344bed34ce72c849c989913a679a2d47fb0c76d6807d9eece6990f09acf'

test.group('MoonPay URL signing', () => {
  test('base64 HMAC-SHA256 of the search string, "?" included, keyed with the secret key', ({
    assert,
  }) => {
    assert.equal(moonpayUrlSignature('sk_test_key', DOC_QUERY), DOC_SIGNATURE)
  })

  test('the signed URL keeps the parameters in order and appends the encoded signature last', ({
    assert,
  }) => {
    const url = signedMoonpayUrl(
      'https://buy-sandbox.moonpay.com',
      [
        ['apiKey', 'pk_test_key'],
        ['currencyCode', 'eth'],
        ['walletAddress', '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'],
      ],
      'sk_test_key'
    )
    assert.equal(
      url,
      `https://buy-sandbox.moonpay.com${DOC_QUERY}&signature=${encodeURIComponent(DOC_SIGNATURE)}`
    )
    assert.equal(url.split('&').at(-1), 'signature=o1eO2arzL16TstEolGakHHFa33Mb61RCTfqToRWg7PA%3D')
  })

  test('values are fully URL-encoded before signing, so a browser sends exactly the signed text', ({
    assert,
  }) => {
    assert.equal(encodeMoonpayValue("o'brien+test@example.com"), 'o%27brien%2Btest%40example.com')
    const url = signedMoonpayUrl(
      'https://buy.moonpay.com',
      [
        ['apiKey', 'pk_test_key'],
        ['email', "o'brien+test@example.com"],
      ],
      'sk_test_key'
    )
    assert.equal(
      new URL(url).search.split('&signature=')[0],
      '?apiKey=pk_test_key&email=o%27brien%2Btest%40example.com'
    )
    assert.isTrue(
      url.endsWith(
        `&signature=${encodeURIComponent('ylagH/Y3i9wyhPyCQHIfrcXGHCzLVS3jR//QxiYhPMI=')}`
      )
    )
  })
})

test.group('MoonPay webhook signature (Moonpay-Signature-V2)', () => {
  const now = Number(T) + 10

  test('lower-case hex HMAC-SHA256 of t + "." + raw body, keyed with the webhook key', ({
    assert,
  }) => {
    assert.equal(moonpayWebhookSignature('wk_test_key', T, BODY), S)
  })

  test('a matching header within the tolerance is accepted (hex case-insensitive)', ({
    assert,
  }) => {
    assert.equal(checkMoonpayWebhook(`t=${T},s=${S}`, BODY, 'wk_test_key', now), 'ok')
    assert.equal(
      checkMoonpayWebhook(`t=${T}, s=${S.toUpperCase()}`, BODY, 'wk_test_key', now),
      'ok'
    )
  })

  test('missing, malformed, wrong key, tampered body and stale timestamps are refused', ({
    assert,
  }) => {
    assert.equal(checkMoonpayWebhook(undefined, BODY, 'wk_test_key', now), 'missing')
    assert.equal(checkMoonpayWebhook('', BODY, 'wk_test_key', now), 'missing')
    assert.equal(checkMoonpayWebhook(`s=${S}`, BODY, 'wk_test_key', now), 'malformed')
    assert.equal(checkMoonpayWebhook(`t=${T}`, BODY, 'wk_test_key', now), 'malformed')
    assert.equal(checkMoonpayWebhook(`t=abc,s=${S}`, BODY, 'wk_test_key', now), 'malformed')
    assert.equal(
      checkMoonpayWebhook(`t=${T},s=${S.slice(2)}`, BODY, 'wk_test_key', now),
      'malformed'
    )
    assert.equal(checkMoonpayWebhook(`t=${T},s=${S}`, BODY, 'wk_other_key', now), 'mismatch')
    assert.equal(
      checkMoonpayWebhook(
        `t=${T},s=${S}`,
        BODY.replace('completed', 'complete '),
        'wk_test_key',
        now
      ),
      'mismatch'
    )
    assert.equal(
      checkMoonpayWebhook(`t=${Number(T) + 1},s=${S}`, BODY, 'wk_test_key', now),
      'mismatch'
    )
    const late = Number(T) + MOONPAY_WEBHOOK_TOLERANCE_SECONDS + 1
    assert.equal(checkMoonpayWebhook(`t=${T},s=${S}`, BODY, 'wk_test_key', late), 'stale')
    const early = Number(T) - MOONPAY_WEBHOOK_TOLERANCE_SECONDS - 1
    assert.equal(checkMoonpayWebhook(`t=${T},s=${S}`, BODY, 'wk_test_key', early), 'stale')
    assert.equal(
      checkMoonpayWebhook(
        `t=${T},s=${S}`,
        BODY,
        'wk_test_key',
        Number(T) + MOONPAY_WEBHOOK_TOLERANCE_SECONDS
      ),
      'ok'
    )
  })
})
