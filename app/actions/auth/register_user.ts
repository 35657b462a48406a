import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Profile from '#models/profile'
import Balance from '#models/balance'
import PromoCode from '#models/promo_code'
import settings from '#services/settings_service'
import { postEntry } from '#services/ledger_service'
import { linkSignupLead } from '#actions/leads/link_signup_lead'
import { money } from '#domain/money'
import { Roles } from '#domain/roles'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { isUniqueViolation } from '#services/db_errors'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

export interface RegisterUserInput {
  fullName: string
  email: string
  password: string
  phone: string
  birthDate?: Date | null
  country: string
  city: string
  address: string
  postalCode: string
  currency: string
  promoCode?: string | null
}

/**
 * Creates a customer with a profile, a demo wallet credited with the site's
 * demo balance (through the ledger), an empty real wallet and their CRM lead
 * (created or linked by e-mail), in one transaction. With `emailVerify` on, the account stays unverified until the
 * link in the e-mail is followed.
 */
export async function registerUser(input: RegisterUserInput) {
  const site = await settings.site()
  return db.transaction(async (trx) => {
    let promoCodeId: number | null = null
    if (input.promoCode) {
      const promo = await PromoCode.query({ client: trx })
        // Codes are shown in capitals; a customer may type them in any case.
        .whereRaw('UPPER(code) = ?', [input.promoCode.trim().toUpperCase()])
        .where('is_active', true)
        .first()
      if (!promo) {
        throw new UserFacingException('Invalid promo code', { field: 'promoCode' })
      }
      promoCodeId = promo.id
    }

    const user = await createUserRow(trx, {
      fullName: input.fullName,
      email: input.email,
      password: input.password,
      roleId: Roles.CUSTOMER,
      isEmailVerified: !site.switches.emailVerify,
      isActive: true,
      promoCodeId,
    })
    await Profile.create(
      {
        userId: user.id,
        phone: input.phone,
        birthDate: input.birthDate ? DateTime.fromJSDate(input.birthDate) : null,
        country: input.country,
        city: input.city,
        address: input.address,
        postalCode: input.postalCode,
      },
      { client: trx }
    )
    await linkSignupLead(trx, {
      userId: user.id,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      country: input.country || null,
      city: input.city || null,
      promoCodeId,
    })

    const demo = await Balance.create(
      {
        userId: user.id,
        mode: 'demo',
        currency: input.currency,
        balance: '0',
        margin: '0',
        onHold: '0',
        version: 0,
      },
      { client: trx }
    )
    await Balance.create(
      {
        userId: user.id,
        mode: 'real',
        currency: input.currency,
        balance: '0',
        margin: '0',
        onHold: '0',
        version: 0,
      },
      { client: trx }
    )
    if (money(site.demoBalance).greaterThan(0)) {
      await postEntry(trx, {
        balanceId: demo.id,
        type: 'demo_credit',
        amount: site.demoBalance,
        description: 'Initial demo balance',
      })
    }
    user.activeBalanceId = demo.id
    await user.useTransaction(trx).save()
    return user
  })
}

/** Inserts the user; a unique-index race on e-mail becomes the same 422 as the validator's. */
async function createUserRow(trx: TransactionClientContract, data: Partial<User>) {
  try {
    return await User.create(data, { client: trx })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new UserFacingException('This email is already registered', { field: 'email' })
    }
    throw error
  }
}
