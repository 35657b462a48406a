import { isDecimalString } from './decimal_strings.js'

/**
 * Site settings as the admin spec stores them: key/value1…value5 rows, switches
 * as 'on'/'off'. This module turns the rows into typed settings and back.
 */
export type SettingValues = {
  value1: string | null
  value2?: string | null
  value3?: string | null
  value4?: string | null
  value5?: string | null
}
export type SettingRows = Record<string, SettingValues>

export const SWITCH_KEYS = [
  'kycDeposit',
  'kycWithdraw',
  'kycTrade',
  'recaptchaToggle',
  'pricingPlan',
  'emailVerify',
  'showUserInfoAgent',
] as const
export type SwitchKey = (typeof SWITCH_KEYS)[number]

export type Theme = 'dark' | 'light'
export type StopLossSelector = 'amount' | 'pips'

export interface SiteSettings {
  appName: string
  appUrl: string
  appCurrencies: string[]
  demoBalance: string
  appLogo: string | null
  appIcon: string | null
  authBackground: string | null
  captchaClientKey: string | null
  captchaSecretKey: string | null
  whatsapp: string | null
  theme: Theme
  stopLossSelector: StopLossSelector
  switches: Record<SwitchKey, boolean>
}

export const DEFAULT_APP_NAME = 'Broker'
export const DEFAULT_CURRENCY = 'USD'

const text = (rows: SettingRows, key: string) => {
  const v = rows[key]?.value1
  return v === null || v === undefined || v.trim() === '' ? null : v.trim()
}

export function isOn(value: string | null | undefined): boolean {
  return value === 'on' || value === 'dark' || value === 'true' || value === '1'
}

/** Currencies are kept comma-separated in appCurrency; the first is the default. */
export function parseCurrencies(value: string | null): string[] {
  const list = (value ?? DEFAULT_CURRENCY)
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => /^[A-Z]{3,5}$/.test(c))
  return list.length ? [...new Set(list)] : [DEFAULT_CURRENCY]
}

export function parseSiteSettings(rows: SettingRows): SiteSettings {
  const demo = text(rows, 'demoBalance')
  return {
    appName: text(rows, 'appName') ?? DEFAULT_APP_NAME,
    appUrl: text(rows, 'appUrl') ?? '',
    appCurrencies: parseCurrencies(text(rows, 'appCurrency')),
    demoBalance: isDecimalString(demo) ? demo : '0',
    appLogo: text(rows, 'appLogo'),
    appIcon: text(rows, 'appIcon'),
    authBackground: text(rows, 'authBackground'),
    captchaClientKey: text(rows, 'captchaClientKey'),
    captchaSecretKey: text(rows, 'captchaSecretKey'),
    whatsapp: text(rows, 'whatsapp'),
    theme: text(rows, 'theme') === 'light' ? 'light' : 'dark',
    stopLossSelector: text(rows, 'stopLossSelector') === 'pips' ? 'pips' : 'amount',
    switches: Object.fromEntries(SWITCH_KEYS.map((key) => [key, isOn(text(rows, key))])) as Record<
      SwitchKey,
      boolean
    >,
  }
}

/** Captcha is enforced only when switched on and both keys exist. */
export function captchaRequired(s: SiteSettings): boolean {
  return s.switches.recaptchaToggle && !!s.captchaClientKey && !!s.captchaSecretKey
}
