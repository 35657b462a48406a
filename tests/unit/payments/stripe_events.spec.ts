import { test } from '@japa/runner'
import {
  isLiveKey,
  noticeFromEvent,
  noticeFromSession,
  type CheckoutSessionFacts,
} from '#services/payments/stripe_events'

const TX = '3b241101-e2bb-4255-8caf-4136c566a962'

function session(overrides: Partial<CheckoutSessionFacts> = {}): CheckoutSessionFacts {
  return {
    id: 'cs_test_a1abc',
    livemode: false,
    client_reference_id: TX,
    metadata: { txRef: TX },
    status: 'complete',
    payment_status: 'paid',
    amount_total: 10250,
    currency: 'usd',
    ...overrides,
  }
}

const event = (type: string, object: unknown) => ({ type, data: { object } })

test.group('Stripe events → deposit notices', () => {
  test('checkout.session.completed and paid: paid, with what was collected in major units', ({
    assert,
  }) => {
    assert.deepEqual(noticeFromEvent(event('checkout.session.completed', session()), false), {
      txRef: TX,
      outcome: 'paid',
      collected: { amount: '102.50', currency: 'USD' },
      providerReference: 'cs_test_a1abc',
    })
  })

  test('zero-decimal and three-decimal amounts come back in major units', ({ assert }) => {
    const yen = noticeFromEvent(
      event('checkout.session.completed', session({ amount_total: 1001, currency: 'jpy' })),
      false
    )
    assert.deepEqual(yen?.collected, { amount: '1001', currency: 'JPY' })
    const dinar = noticeFromEvent(
      event('checkout.session.completed', session({ amount_total: 5120, currency: 'kwd' })),
      false
    )
    assert.deepEqual(dinar?.collected, { amount: '5.120', currency: 'KWD' })
  })

  test('completed but unpaid (a delayed method) is pending; async_payment_succeeded then pays', ({
    assert,
  }) => {
    const unpaid = session({ payment_status: 'unpaid' })
    assert.deepEqual(noticeFromEvent(event('checkout.session.completed', unpaid), false), {
      txRef: TX,
      outcome: 'pending',
      providerReference: 'cs_test_a1abc',
    })
    assert.equal(
      noticeFromEvent(
        event('checkout.session.completed', session({ payment_status: 'no_payment_required' })),
        false
      )?.outcome,
      'pending'
    )
    assert.equal(
      noticeFromEvent(event('checkout.session.async_payment_succeeded', session()), false)?.outcome,
      'paid'
    )
  })

  test('async_payment_failed and expired fail the deposit', ({ assert }) => {
    for (const type of ['checkout.session.async_payment_failed', 'checkout.session.expired']) {
      assert.deepEqual(
        noticeFromEvent(
          event(type, session({ status: 'expired', payment_status: 'unpaid' })),
          false
        ),
        {
          txRef: TX,
          outcome: 'failed',
          providerReference: 'cs_test_a1abc',
        }
      )
    }
  })

  test('other events, sessions without our reference and malformed objects say nothing', ({
    assert,
  }) => {
    assert.isNull(noticeFromEvent(event('payment_intent.succeeded', session()), false))
    assert.isNull(
      noticeFromEvent(
        event('checkout.session.completed', session({ client_reference_id: null, metadata: {} })),
        false
      )
    )
    assert.isNull(noticeFromEvent(event('checkout.session.completed', null), false))
    assert.isNull(noticeFromEvent(event('checkout.session.completed', { amount_total: 1 }), false))
    assert.isNull(noticeFromEvent({ type: 'checkout.session.completed' }, false))
  })

  test('the reference falls back to metadata.txRef', ({ assert }) => {
    const notice = noticeFromEvent(
      event('checkout.session.completed', session({ client_reference_id: null })),
      false
    )
    assert.equal(notice?.txRef, TX)
  })

  test('a paid event without amount or currency is not treated as paid', ({ assert }) => {
    assert.equal(
      noticeFromEvent(event('checkout.session.completed', session({ amount_total: null })), false)
        ?.outcome,
      'pending'
    )
    assert.equal(
      noticeFromEvent(event('checkout.session.completed', session({ currency: null })), false)
        ?.outcome,
      'pending'
    )
  })

  test('an event of the other mode than the secret key is ignored', ({ assert }) => {
    assert.isNull(
      noticeFromEvent(event('checkout.session.completed', session({ livemode: true })), false)
    )
    assert.isNull(
      noticeFromEvent(event('checkout.session.completed', session({ livemode: false })), true)
    )
    assert.equal(
      noticeFromEvent(event('checkout.session.completed', session({ livemode: true })), true)
        ?.outcome,
      'paid'
    )
    // A key of no known prefix checks nothing.
    assert.equal(
      noticeFromEvent(event('checkout.session.completed', session({ livemode: true })), null)
        ?.outcome,
      'paid'
    )
  })

  test('isLiveKey reads the key prefix', ({ assert }) => {
    assert.isTrue(isLiveKey('sk_live_abc'))
    assert.isTrue(isLiveKey(' rk_live_abc '))
    assert.isFalse(isLiveKey('sk_test_abc'))
    assert.isFalse(isLiveKey('rk_test_abc'))
    assert.isNull(isLiveKey('whatever'))
    assert.isNull(isLiveKey(null))
  })
})

test.group('Stripe retrieved session → deposit notice (the return route)', () => {
  test('complete and paid: paid; complete and unpaid or open: pending; expired: failed', ({
    assert,
  }) => {
    assert.equal(noticeFromSession(session(), false)?.outcome, 'paid')
    assert.deepEqual(noticeFromSession(session(), false)?.collected, {
      amount: '102.50',
      currency: 'USD',
    })
    assert.equal(
      noticeFromSession(session({ payment_status: 'unpaid' }), false)?.outcome,
      'pending'
    )
    assert.equal(
      noticeFromSession(session({ status: 'open', payment_status: 'unpaid' }), false)?.outcome,
      'pending'
    )
    // An open session never pays, whatever payment_status claims.
    assert.equal(noticeFromSession(session({ status: 'open' }), false)?.outcome, 'pending')
    assert.equal(
      noticeFromSession(session({ status: 'expired', payment_status: 'unpaid' }), false)?.outcome,
      'failed'
    )
  })

  test('a session of the other mode or without our reference says nothing', ({ assert }) => {
    assert.isNull(noticeFromSession(session({ livemode: true }), false))
    assert.isNull(noticeFromSession(session({ client_reference_id: null, metadata: null }), false))
    assert.isNull(noticeFromSession('cs_test_a1abc', false))
  })
})
