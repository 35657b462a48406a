import db from '@adonisjs/lucid/services/db'
import PromoCode from '#models/promo_code'
import settings from '#services/settings_service'
import { linkSignupLead } from '#actions/leads/link_signup_lead'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { COUNTRY_RESTRICTED_MESSAGE } from '#domain/staff_lists/restricted_countries'
import { createCustomerAccount } from '#actions/auth/customer_account'

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
    if (await trx.from('restricted_countries').where('country', input.country).first()) {
      throw new UserFacingException(COUNTRY_RESTRICTED_MESSAGE, { field: 'country' })
    }
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

    const user = await createCustomerAccount(trx, {
      fullName: input.fullName,
      email: input.email,
      password: input.password,
      isEmailVerified: !site.switches.emailVerify,
      promoCodeId,
      currency: input.currency,
      demoBalance: site.demoBalance,
      profile: {
        phone: input.phone,
        birthDate: input.birthDate,
        country: input.country,
        city: input.city,
        address: input.address,
        postalCode: input.postalCode,
      },
    })
    await linkSignupLead(trx, {
      userId: user.id,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone || null,
      country: input.country || null,
      city: input.city || null,
      promoCodeId,
    })
    return user
  })
}
