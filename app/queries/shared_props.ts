import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import settings from '#services/settings_service'
import { accountSummary } from '#queries/account_summary'
import { planCardsFor } from '#queries/plan_cards'
import { Roles } from '#domain/roles'
import { impersonationOf } from '#services/impersonation'
import { brandingProps, sessionProps } from '#transformers/shared_props_transformer'

/**
 * The props every page receives (config/inertia.ts sharedData; GET
 * /auth/user): the reads here, the shape in #transformers/shared_props_transformer.
 * Branding is read per request through the settings cache, which every
 * settings write drops in every process: a change shows on the next page.
 */
async function branding() {
  return brandingProps(await settings.site(), await settings.languages())
}

async function session(ctx: HttpContext) {
  // Unknown URLs render the 404 page before any router middleware ran: no auth there.
  const user = ctx.auth?.user
  if (!user) return null
  const summary = await accountSummary(user)
  const impersonation = impersonationOf(ctx)
  // Not forced on a login-as session (issue 21 item 4): staff may not buy a plan for the customer
  // (money routes are refused there), and the modal would cover the way back (Back To Admin).
  const needsPlan =
    user.roleId === Roles.CUSTOMER && user.pricingTableId === null && impersonation === null
  const staff = impersonation
    ? await db.from('users').select('full_name').where('id', impersonation.staffId).first()
    : null
  return sessionProps({
    user,
    summary,
    impersonation,
    needsPlan,
    plans: needsPlan ? await planCardsFor(user) : [],
    staffName: staff?.full_name ?? null,
  })
}

export const sharedProps = {
  branding: () => branding(),
  session: (ctx: HttpContext) => session(ctx),
}
