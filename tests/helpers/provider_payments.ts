import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import type { Assert } from '@japa/assert'
import Deposit from '#models/deposit'
import type User from '#models/user'
import { startDeposit } from '#actions/deposits/start_deposit'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { money } from '#domain/money'
import { realWalletOf } from '#tests/helpers/withdrawals'
import { depositEntries } from '#tests/helpers/deposits'
import {
  assertCreditedOnce as creditedOnce,
  assertNotCredited,
} from '#tests/helpers/deposit_settlement'
import { overrideProviderBase } from '#services/payments/endpoints'

/** The site base the deposit flow gives providers (return and notify addresses). */
export const SITE = 'https://broker.test'

/** POST /deposits' use case for `gateway`, as the customer's request would run it. */
export async function startOnline(user: User, gateway: string, amount: string) {
  const wallet = await realWalletOf(user)
  return startDeposit({ user, balanceId: wallet.id, amount, gateway, baseUrl: SITE })
}

/** The same, expected to fail: the refusal it threw. */
export async function startOnlineFails(
  user: User,
  gateway: string,
  amount: string
): Promise<UserFacingException> {
  try {
    await startOnline(user, gateway, amount)
  } catch (error) {
    if (error instanceof UserFacingException) return error
    throw error
  }
  throw new Error('the deposit was expected to fail')
}

/** A provider's confirmation posted exactly as given (raw JSON text and headers). */
export function postRaw(
  client: ApiClient,
  gateway: string,
  rawBody: string,
  headers: Record<string, string> = {}
) {
  return client.post(`/payments/${gateway}/notify`).headers(headers).unsafeJson(rawBody)
}

export { depositEntries }

/** Nothing moved (see `assertNotCredited`), from the wallet's balance as text. */
export function assertNothingCredited(
  assert: Assert,
  deposit: Deposit,
  balanceBefore: string,
  status: 'pending' | 'declined' = 'pending'
) {
  return assertNotCredited(assert, deposit, money(balanceBefore), status)
}

/** Credited exactly once (see `assertCreditedOnce` in deposit_settlement), from the wallet's balance as text. */
export function assertCreditedOnce(assert: Assert, deposit: Deposit, balanceBefore: string) {
  return creditedOnce(assert, deposit, money(balanceBefore))
}

/** The error a deposit start was refused with (the 502 the controller renders); fails when it was not refused. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as { status: number; message: string }
  }
  throw new Error('startDeposit did not fail')
}

/**
 * Starts a provider's local fake for the group and points the adapter at it;
 * answers a getter for the running fake. Restored and closed after the group.
 */
export function withProviderFake<F extends { url: string; close(): Promise<void> }>(
  group: Group,
  provider: string,
  start: () => Promise<F>
): () => F {
  let fake: F | undefined
  group.setup(async () => {
    fake = await start()
    overrideProviderBase(provider, fake.url)
    return async () => {
      overrideProviderBase(provider, null)
      await fake?.close()
    }
  })
  return () => fake!
}
