import type User from '#models/user'
import type { accountSummary } from '#queries/account_summary'
import type { planCardsFor } from '#queries/plan_cards'
import type { SiteSettings } from '#domain/site_settings'
import { formatAccountMetrics } from '#domain/account_metrics'
import { walletSummary } from '#transformers/wallet_transformer'
import { captchaRequired } from '#domain/site_settings'
import { maskEmail } from '#domain/masking'
import { ROLE_HOME } from '#domain/roles'
import type { Impersonation } from '#services/impersonation'
import { publicFileUrl } from '#services/public_files'

const onOff = (v: boolean) => (v ? ('on' as const) : ('off' as const))

/**
 * Branding, as every page receives it (customer spec §1; admin spec §3:
 * name, URL, currency, demo balance, appCurrencies, pricingPlan, theme,
 * whatsapp), from the site settings and languages read for the request.
 * Never a secret here: every visitor receives these props.
 */
export function brandingProps(site: SiteSettings, appLangs: { name: string; code: string }[]) {
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
    appLangs,
    whatsapp: site.whatsapp,
    recaptcha: {
      status: onOff(captchaRequired(site)),
      key: captchaRequired(site) ? site.captchaClientKey : null,
    },
    emailVerify: onOff(site.switches.emailVerify),
  }
}

/** What the shell's session prop is made of, read by #queries/shared_props. */
export interface SessionSource {
  user: User
  summary: Awaited<ReturnType<typeof accountSummary>>
  impersonation: Impersonation | null
  needsPlan: boolean
  plans: Awaited<ReturnType<typeof planCardsFor>>
  /** The staff member of a login-as session (the banner's "by whom"). */
  staffName: string | null
}

/** The signed-in user as the shell needs it: identity, wallets, figures, plan state. */
export function sessionProps(source: SessionSource) {
  const { user, summary, impersonation, needsPlan } = source
  const { wallets, active, metrics, positions } = summary
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
    plans: source.plans,
    impersonating: impersonation !== null,
    agentSession: impersonation?.agent ?? false,
    // What the login-as banner says: whose account is viewed, by whom, until when (issue 14 item 4).
    impersonation: impersonation
      ? {
          customerName: user.fullName,
          staffName: source.staffName ?? '',
          endsAt: new Date(impersonation.endsAt).toISOString(),
        }
      : null,
  }
}
