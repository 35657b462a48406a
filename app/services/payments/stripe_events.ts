import { fromMinorUnits } from '#domain/minor_units'
import type { ProviderNotice } from '#services/payments/types'

/*
 * What a Stripe Checkout Session (from a webhook event or a retrieve) says
 * about a deposit: pure functions, so the mapping is tested without the SDK.
 * Stripe's fulfilment guide: credit on checkout.session.completed only when
 * payment_status is 'paid', or on async_payment_succeeded for delayed methods.
 */

/** The Checkout Session fields a deposit is settled from (a subset of `Stripe.Checkout.Session`). */
export interface CheckoutSessionFacts {
  id: string
  livemode: boolean
  client_reference_id: string | null
  metadata: Record<string, string> | null
  status: string | null
  payment_status: string
  amount_total: number | null
  currency: string | null
}

export const CHECKOUT_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const

/**
 * Whether a secret (or restricted) key is a live one: true, false, or null when
 * its prefix says neither. Test-mode events must never credit a live wallet.
 */
export function isLiveKey(secretKey: string | null | undefined): boolean | null {
  const key = secretKey?.trim() ?? ''
  if (/^(sk|rk)_live_/.test(key)) return true
  if (/^(sk|rk)_test_/.test(key)) return false
  return null
}

function isSessionLike(value: unknown): value is CheckoutSessionFacts {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string'
  )
}

function txRefOf(session: CheckoutSessionFacts): string | null {
  const ref = session.client_reference_id || session.metadata?.txRef
  return typeof ref === 'string' && ref ? ref : null
}

/** A 'paid' notice with what Stripe collected; 'pending' when the session lacks the figures. */
function paidNotice(session: CheckoutSessionFacts, txRef: string): ProviderNotice {
  const { amount_total: minor, currency } = session
  if (
    typeof minor !== 'number' ||
    !Number.isSafeInteger(minor) ||
    typeof currency !== 'string' ||
    !currency
  ) {
    return { txRef, outcome: 'pending', providerReference: session.id }
  }
  return {
    txRef,
    outcome: 'paid',
    collected: { amount: fromMinorUnits(minor, currency), currency: currency.toUpperCase() },
    providerReference: session.id,
  }
}

function sessionOfOurs(
  session: unknown,
  live: boolean | null
): { session: CheckoutSessionFacts; txRef: string } | null {
  if (!isSessionLike(session)) return null
  if (live !== null && session.livemode !== live) return null
  const txRef = txRefOf(session)
  return txRef ? { session, txRef } : null
}

/**
 * A retrieved session (the customer's return): paid once complete and paid,
 * failed once expired, otherwise still pending.
 */
export function noticeFromSession(value: unknown, live: boolean | null): ProviderNotice | null {
  const ours = sessionOfOurs(value, live)
  if (!ours) return null
  const { session, txRef } = ours
  if (session.status === 'expired')
    return { txRef, outcome: 'failed', providerReference: session.id }
  if (session.status === 'complete' && session.payment_status === 'paid')
    return paidNotice(session, txRef)
  return { txRef, outcome: 'pending', providerReference: session.id }
}

/** A verified webhook event: null for events that say nothing about a deposit. */
export function noticeFromEvent(
  event: { type: string; data?: { object?: unknown } },
  live: boolean | null
): ProviderNotice | null {
  if (!(CHECKOUT_EVENTS as readonly string[]).includes(event.type)) return null
  const ours = sessionOfOurs(event.data?.object, live)
  if (!ours) return null
  const { session, txRef } = ours
  switch (event.type) {
    case 'checkout.session.completed':
      return session.payment_status === 'paid'
        ? paidNotice(session, txRef)
        : { txRef, outcome: 'pending', providerReference: session.id }
    case 'checkout.session.async_payment_succeeded':
      return paidNotice(session, txRef)
    default:
      return { txRef, outcome: 'failed', providerReference: session.id }
  }
}
