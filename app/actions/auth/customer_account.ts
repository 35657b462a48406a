import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Profile from '#models/profile'
import Balance from '#models/balance'
import { postEntry } from '#services/ledger_service'
import { money } from '#domain/money'
import { Roles } from '#domain/roles'
import { refusingDuplicates } from '#services/db_errors'

export interface CustomerAccountInput {
  fullName: string
  email: string
  password: string
  isEmailVerified: boolean
  promoCodeId?: number | null
  currency: string
  /** The site's demo balance, read by the caller before its transaction (settings.site()). */
  demoBalance: string
  profile: {
    phone?: string | null
    birthDate?: Date | null
    country?: string | null
    city?: string | null
    address?: string | null
    postalCode?: string | null
  }
}

/**
 * A customer account as sign-up makes it, in the caller's transaction: the
 * user (role 3, the password hashed by the model), their profile, a demo
 * wallet credited with the site's demo balance through the ledger and made
 * active, and an empty real wallet. Used by sign-up and by converting a lead.
 * An e-mail taken meanwhile (the unique index) is the validator's 422.
 */
export async function createCustomerAccount(
  trx: TransactionClientContract,
  input: CustomerAccountInput
) {
  const user = await createUserRow(trx, {
    fullName: input.fullName,
    email: input.email,
    password: input.password,
    roleId: Roles.CUSTOMER,
    isEmailVerified: input.isEmailVerified,
    isActive: true,
    promoCodeId: input.promoCodeId ?? null,
  })
  const { profile } = input
  await Profile.create(
    {
      userId: user.id,
      phone: profile.phone ?? null,
      birthDate: profile.birthDate ? DateTime.fromJSDate(profile.birthDate) : null,
      country: profile.country ?? null,
      city: profile.city ?? null,
      address: profile.address ?? null,
      postalCode: profile.postalCode ?? null,
    },
    { client: trx }
  )
  await openSignupWallets(trx, user, input.currency, input.demoBalance)
  return user
}

/**
 * Sign-up's wallets, in the caller's transaction: a demo wallet credited with
 * the site's demo balance through the ledger and made active, and an empty
 * real wallet, both in `currency`. The caller reads `demoBalance` from the settings before its
 * transaction: a read on the global connection inside it would wait for the connection the
 * transaction holds (SQLite) or miss its uncommitted rows (PostgreSQL).
 */
export async function openSignupWallets(
  trx: TransactionClientContract,
  user: User,
  currency: string,
  demoBalance: string
) {
  const wallet = (mode: 'demo' | 'real') =>
    Balance.create(
      {
        userId: user.id,
        mode,
        currency,
        balance: '0',
        margin: '0',
        onHold: '0',
        version: 0,
      },
      { client: trx }
    )
  const demo = await wallet('demo')
  await wallet('real')
  if (money(demoBalance).greaterThan(0)) {
    await postEntry(trx, {
      balanceId: demo.id,
      type: 'demo_credit',
      amount: demoBalance,
      description: 'Initial demo balance',
    })
  }
  user.activeBalanceId = demo.id
  await user.useTransaction(trx).save()
}

/** Inserts the user; a unique-index race on e-mail becomes the same 422 as the validator's. */
function createUserRow(trx: TransactionClientContract, data: Partial<User>) {
  return refusingDuplicates(
    () => User.create(data, { client: trx }),
    'This email is already registered',
    'email'
  )
}
