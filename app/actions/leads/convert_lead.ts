import db from '@adonisjs/lucid/services/db'
import settings from '#services/settings_service'
import { accountNameOf, LEAD_MESSAGES } from '#domain/lead_intake'
import type { RoleId } from '#domain/roles'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { findVisibleLead } from '#queries/lead_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { createCustomerAccount } from '#actions/auth/customer_account'
import { linkSignupLead } from '#actions/leads/link_signup_lead'
import { leadAudit } from '#actions/leads/lead_records'

export interface ConvertLeadInput extends StaffContext {
  id: number
  password: string
}

/**
 * Turns a lead the staff member may see into a customer account (CRM spec §3
 * convert form, §7 POST /admin/leads/convertLeadToUser): the account sign-up
 * makes (profile from the lead, wallets, demo credit), linked to the lead as
 * sign-up links it. Refused when the lead has no e-mail, is already linked,
 * or its e-mail already has an account. The lead row is locked first, so two
 * converts of one lead at once make one account (the second sees it linked;
 * the e-mail's unique index backs this up).
 */
export async function convertLead(input: ConvertLeadInput) {
  const site = await settings.site()
  return db.transaction(async (trx) => {
    const lead = await findVisibleLead(input.staff as { id: number; roleId: RoleId }, input.id, {
      client: trx,
      forUpdate: true,
    })
    if (lead.userId !== null) throw new UserFacingException(LEAD_MESSAGES.alreadyCustomer)
    if (!lead.email) throw new UserFacingException(LEAD_MESSAGES.noEmail)
    const taken = await trx.from('users').whereRaw('lower(email) = ?', [lead.email]).first()
    if (taken) throw new UserFacingException(LEAD_MESSAGES.emailIsCustomer)
    const before = leadAudit(lead)

    const fullName = accountNameOf({
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
    })
    const user = await createCustomerAccount(trx, {
      fullName,
      email: lead.email,
      password: input.password,
      isEmailVerified: !site.switches.emailVerify,
      currency: site.appCurrencies[0],
      demoBalance: site.demoBalance,
      profile: { phone: lead.phone, country: lead.country, city: lead.city },
    })
    const linked = await linkSignupLead(trx, {
      userId: user.id,
      fullName,
      email: lead.email,
      phone: lead.phone,
      country: lead.country,
      city: lead.city,
      promoCodeId: null,
    })
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.convert',
      target: { type: 'lead', id: lead.id },
      before,
      after: leadAudit(linked),
    })
    return { lead: linked, user }
  })
}
