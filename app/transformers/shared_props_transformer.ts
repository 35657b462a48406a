import type { HttpContext } from '@adonisjs/core/http'
import settings from '#services/settings_service'
import { accountSummary } from '#queries/account_summary'
import { formatAccountMetrics } from '#domain/account_metrics'
import { walletSummary } from '#transformers/wallet_transformer'
import { planCardsFor } from '#queries/plan_cards'
import { captchaRequired } from '#domain/site_settings'
import { maskEmail } from '#domain/masking'
import { ROLE_HOME, Roles } from '#domain/roles'
import db from '@adonisjs/lucid/services/db'
import { impersonationOf, type Impersonation } from '#services/impersonation'
import { publicFileUrl } from '#services/public_files'

const onOff = (v: boolean) => (v ? ('on' as const) : ('off' as const))

/**
 * Branding, as every page receives it (customer spec §1; admin spec §3:
 * name, URL, currency, demo balance, appCurrencies, pricingPlan, theme,
 * whatsapp). Read per request through the settings cache, which every
 * settings write drops in every process: a change shows on the next page.
 * Never a secret here: every visitor receives these props.
 */
async function branding() {
  const site = await settings.site()
  return {
    appName: site.appName,
    appUrl: site.appUrl,
    appCurrency: site.appCurrencies[0],
    demoBalance: site.demoBalance,
    appLogo: publicFileUrl(site.appLogo) ?? '/logo.svg',
    appIcon: publicFileUrl(site.appIcon) ?? '/favicon.svg',
    authBackground: publicFileUrl(site.authBackground),
    theme: site.theme,
    appCurrencies: site.appCurrencies,
    stopLossSelector: site.stopLossSelector,
    pricingPlan: onOff(site.switches.pricingPlan),
    appLangs: await settings.languages(),
    whatsapp: site.whatsapp,
    recaptcha: {
      status: onOff(captchaRequired(site)),
      key: captchaRequired(site) ? site.captchaClientKey : null,
    },
    emailVerify: onOff(site.switches.emailVerify),
  }
}

/** The signed-in user as the shell needs it: identity, wallets, figures, plan state. */
async function session(ctx: HttpContext) {
  // Unknown URLs render the 404 page before any router middleware ran: no auth there.
  const user = ctx.auth?.user
  if (!user) return null
  const { wallets, active, metrics, positions } = await accountSummary(user)
  const impersonation = impersonationOf(ctx)
  // Not forced on a login-as session (issue 21 item 4): staff may not buy a plan for the customer
  // (money routes are refused there), and the modal would cover the way back (Back To Admin).
  const needsPlan =
    user.roleId === Roles.CUSTOMER && user.pricingTableId === null && impersonation === null
  return {
    user: {
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      maskedEmail: maskEmail(user.email),
      roleId: user.roleId,
    },
    roleHome: ROLE_HOME[user.roleId] ?? null,
    wallets: wallets.map(walletSummary),
    activeBalance: active ? walletSummary(active) : null,
    account: metrics ? formatAccountMetrics(metrics) : null,
    // What the top bar needs to recompute P/L as prices stream (customer spec §9).
    openPositions: positions,
    pricingTableId: user.pricingTableId,
    needsPlan,
    plans: needsPlan ? await planCardsFor(user) : [],
    impersonating: impersonation !== null,
    agentSession: impersonation?.agent ?? false,
    impersonation: impersonation ? await impersonationBanner(impersonation, user.fullName) : null,
  }
}

/** What the login-as banner says: whose account is viewed, by whom, until when (issue 14 item 4). */
async function impersonationBanner(
  impersonation: Impersonation,
  customerName: string
): Promise<{ customerName: string; staffName: string; endsAt: string }> {
  const staff = await db
    .from('users')
    .select('full_name')
    .where('id', impersonation.staffId)
    .first()
  return {
    customerName,
    staffName: staff?.full_name ?? '',
    endsAt: new Date(impersonation.endsAt).toISOString(),
  }
}

export const sharedProps = {
  branding: () => branding(),
  session: (ctx: HttpContext) => session(ctx),
}
