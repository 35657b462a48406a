import factory from '@adonisjs/lucid/factories'
import User from '#models/user'
import Profile from '#models/profile'
import Balance from '#models/balance'
import KycDocument from '#models/kyc_document'
import { Roles } from '#domain/roles'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { postEntry } from '#services/ledger_service'
import { sealSecret } from '#services/two_factor_secrets'
import { DEMO_TOTP_KEY } from '#database/demo/credentials'

/** The password every factory user signs in with. */
export const FACTORY_PASSWORD = 'Factory-Password-1'

/** What the `funded` state credits to the real wallet, through the ledger. */
export const FUNDED_AMOUNT = '25000.00'

/**
 * The authenticator key the `withSecondFactor` state enrols (the demo staff's
 * key, so `appCode()` of tests/helpers/two_factor.ts answers for both).
 */
export const FACTORY_TOTP_KEY = DEMO_TOTP_KEY

/** Users the `funded` state marked, funded once their wallets exist. */
const toFund = new WeakSet<User>()

/** Users the `withSecondFactor` state marked, enrolled once they exist. */
const toEnrol = new WeakSet<User>()

/** Users the `kycApproved` state marked, given an approved KYC submission once they exist. */
const toVerify = new WeakSet<User>()

/**
 * A user as sign-up leaves one: a profile, a demo and a real wallet in USD
 * (the real one active), e-mail verified and active. States: each staff role,
 * `inactive`, `unverified`, `funded` (25,000.00 credited to the real
 * wallet as a ledger entry, so the ledger invariant holds), `kycApproved`
 * (an approved KYC submission without files: deposits, withdrawals and
 * trading are open to it while the KYC switches are on) and
 * `withSecondFactor` (two-factor login on with FACTORY_TOTP_KEY, as the demo
 * staff are seeded). Test clients' `loginAs` counts as a completed sign-in
 * for any role; a staff member signing in through the real forms needs the
 * code step: `withSecondFactor`, then `appCode()` or `freshRecoveryCode`
 * (tests/helpers/two_factor.ts), with FACTORY_PASSWORD.
 */
export const UserFactory = factory
  .define(User, ({ faker }) => ({
    fullName: faker.person.fullName(),
    email: `${faker.string.alphanumeric(10).toLowerCase()}@factory.test`,
    password: FACTORY_PASSWORD,
    roleId: Roles.CUSTOMER,
    isEmailVerified: true,
    isActive: true,
  }))
  .state('admin', (user) => void (user.roleId = Roles.ADMIN))
  .state('manager', (user) => void (user.roleId = Roles.MANAGER))
  .state('affiliate', (user) => void (user.roleId = Roles.AFFILIATE))
  .state('agent', (user) => void (user.roleId = Roles.SALES_AGENT))
  .state('retention', (user) => void (user.roleId = Roles.RETENTION_AGENT))
  .state('inactive', (user) => void (user.isActive = false))
  .state('unverified', (user) => void (user.isEmailVerified = false))
  .state('funded', (user) => void toFund.add(user))
  .state('withSecondFactor', (user) => void toEnrol.add(user))
  .state('kycApproved', (user) => void toVerify.add(user))
  .after('create', async (_, user, { $trx }) => {
    const client = $trx ? { client: $trx } : undefined
    await Profile.create({ userId: user.id, country: 'DE', city: 'Berlin' }, client)
    const wallet = (mode: 'demo' | 'real') =>
      Balance.create(
        {
          userId: user.id,
          mode,
          currency: 'USD',
          balance: '0',
          margin: '0',
          onHold: '0',
          version: 0,
        },
        client
      )
    await wallet('demo')
    const real = await wallet('real')
    user.activeBalanceId = real.id
    if ($trx) user.useTransaction($trx)
    await user.save()
    if (toEnrol.has(user)) {
      await (client?.client ?? db)
        .insertQuery()
        .table('two_factor_credentials')
        .insert({
          user_id: user.id,
          secret: sealSecret(FACTORY_TOTP_KEY),
          last_used_step: null,
          created_at: DateTime.now().toSQL({ includeOffset: false }),
          updated_at: null,
        })
    }
    if (toVerify.has(user)) {
      await KycDocument.create(
        { userId: user.id, type: 'passport', status: 'approved', reviewedAt: DateTime.now() },
        client
      )
    }
    if (toFund.has(user)) {
      const credit = (trx: NonNullable<typeof $trx>) =>
        postEntry(trx, {
          balanceId: real.id,
          type: 'deposit',
          amount: FUNDED_AMOUNT,
          description: 'Factory funding',
        })
      if ($trx) await credit($trx)
      else await db.transaction(credit)
    }
  })
  .build()
