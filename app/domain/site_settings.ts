import { isDecimalString } from './decimal_strings.js'
import type { SettingField, SettingsSchema } from './settings_schema.js'

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
  /** The key lead providers' webhook calls must carry (a secret: never sent to a browser). */
  webhookApiKeyLeads: string | null
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
    webhookApiKeyLeads: text(rows, 'webhookApiKeyLeads'),
    whatsapp: text(rows, 'whatsapp'),
    theme: parseTheme(text(rows, 'theme')),
    stopLossSelector: text(rows, 'stopLossSelector') === 'pips' ? 'pips' : 'amount',
    switches: Object.fromEntries(SWITCH_KEYS.map((key) => [key, isOn(text(rows, key))])) as Record<
      SwitchKey,
      boolean
    >,
  }
}

/** Stored 'dark' when the dark-theme switch is on ('light' when off); dark when unset. */
function parseTheme(value: string | null): Theme {
  return value === null || value === 'dark' || value === 'on' ? 'dark' : 'light'
}

/** Captcha is enforced only when switched on and both keys exist. */
export function captchaRequired(s: SiteSettings): boolean {
  return s.switches.recaptchaToggle && !!s.captchaClientKey && !!s.captchaSecretKey
}

/** The largest icon and logo files; the sign-in background may be a photo. */
export const BRAND_IMAGE_MAX_MB = 1
export const AUTH_BACKGROUND_MAX_MB = 5

const REQUIRED = 'required'
const ON_OFF = 'Choose on or off'

const onOff = (name: SwitchKey, label: string, section: string): SettingField => ({
  name,
  key: name,
  label,
  kind: 'switch',
  fallback: 'off',
  required: ON_OFF,
  section,
})

/**
 * Site Settings (admin spec §3 "Site settings", §5: appName, appUrl and
 * appCurrency 'required'), one row per key in value1. appCurrency holds the
 * offered currencies, comma-separated, the first the default. The captcha
 * secret and the leads webhook key are secrets: never sent back, a blank
 * field keeps them. Files are public pictures checked by their content.
 */
export const SITE_SETTINGS: SettingsSchema = {
  id: 'site',
  saved: 'Settings updated successfully',
  fields: [
    {
      name: 'appName',
      key: 'appName',
      label: 'App Name',
      kind: 'text',
      maxLength: 60,
      fallback: DEFAULT_APP_NAME,
      required: REQUIRED,
      invalid: 'App name must be at most 60 characters',
      section: 'Branding',
    },
    {
      name: 'appUrl',
      key: 'appUrl',
      label: 'App URL',
      kind: 'text',
      format: 'url',
      maxLength: 255,
      fallback: '',
      required: REQUIRED,
      invalid: 'App URL must be an http or https address such as https://broker.example.com',
      section: 'Branding',
    },
    {
      name: 'appCurrency',
      key: 'appCurrency',
      label: 'App Currency',
      kind: 'text',
      format: 'currencies',
      maxLength: 120,
      fallback: DEFAULT_CURRENCY,
      required: REQUIRED,
      invalid: 'Currencies must be 3 to 5 letter codes separated by commas, such as USD,EUR',
      hint: 'Codes separated by commas; the first is the default',
      section: 'Branding',
    },
    {
      name: 'whatsapp',
      key: 'whatsapp',
      label: 'WhatsApp',
      kind: 'text',
      format: 'phone',
      maxLength: 30,
      optional: true,
      fallback: '',
      required: 'WhatsApp must be a phone number such as +15550100200',
      hint: 'Support number; blank hides the widget',
      section: 'Branding',
    },
    {
      name: 'appIcon',
      key: 'appIcon',
      label: 'App Icon',
      kind: 'file',
      maxMb: BRAND_IMAGE_MAX_MB,
      accepts: ['png', 'jpeg', 'webp', 'ico'],
      fallback: '',
      required: 'App Icon must be a single file',
      hint: 'PNG, JPEG, WebP or ICO, at most 1 MB',
      section: 'Branding',
    },
    {
      name: 'appLogo',
      key: 'appLogo',
      label: 'App Logo',
      kind: 'file',
      maxMb: BRAND_IMAGE_MAX_MB,
      accepts: ['png', 'jpeg', 'webp'],
      fallback: '',
      required: 'App Logo must be a single file',
      hint: 'PNG, JPEG or WebP, at most 1 MB',
      section: 'Branding',
    },
    {
      name: 'authBackground',
      key: 'authBackground',
      label: 'Sign-in Background',
      kind: 'file',
      maxMb: AUTH_BACKGROUND_MAX_MB,
      accepts: ['png', 'jpeg', 'webp'],
      fallback: '',
      required: 'Sign-in Background must be a single file',
      hint: 'PNG, JPEG or WebP, at most 5 MB',
      section: 'Branding',
    },
    {
      name: 'theme',
      key: 'theme',
      label: 'Dark Theme',
      kind: 'switch',
      stored: { on: 'dark', off: 'light' },
      fallback: 'dark',
      required: ON_OFF,
      section: 'Branding',
    },
    {
      name: 'demoBalance',
      key: 'demoBalance',
      label: 'Demo Balance',
      kind: 'decimal',
      maxIntegerDigits: 12,
      maxDecimals: 2,
      fallback: '0',
      required: 'Demo balance is required',
      invalid: 'Demo balance must be an amount of 0 or more with at most 2 decimals',
      hint: 'The demo wallet of each new account starts with it',
      section: 'Accounts and trading',
    },
    onOff('emailVerify', 'Email Verification', 'Accounts and trading'),
    onOff('pricingPlan', 'Pricing Plan', 'Accounts and trading'),
    {
      name: 'stopLossSelector',
      key: 'stopLossSelector',
      label: 'Stop Loss Selector',
      kind: 'choice',
      options: [
        { value: 'amount', label: 'Amount' },
        { value: 'pips', label: 'Pips' },
      ],
      fallback: 'amount',
      required: 'Stop loss selector must be Amount or Pips',
      section: 'Accounts and trading',
    },
    onOff('kycDeposit', 'KYC for Deposit', 'KYC'),
    onOff('kycWithdraw', 'KYC for Withdraw', 'KYC'),
    onOff('kycTrade', 'KYC for Trade', 'KYC'),
    onOff('recaptchaToggle', 'reCAPTCHA', 'Security and integrations'),
    {
      name: 'captchaClientKey',
      key: 'captchaClientKey',
      label: 'Captcha Client Key',
      kind: 'text',
      maxLength: 200,
      optional: true,
      fallback: '',
      required: 'Captcha client key must be at most 200 characters',
      section: 'Security and integrations',
    },
    {
      name: 'captchaSecretKey',
      key: 'captchaSecretKey',
      label: 'Captcha Secret Key',
      kind: 'text',
      secret: true,
      maxLength: 200,
      optional: true,
      fallback: '',
      required: 'Captcha secret key must be at most 200 characters',
      section: 'Security and integrations',
    },
    {
      name: 'webhookApiKeyLeads',
      key: 'webhookApiKeyLeads',
      label: 'Leads Webhook API Key',
      kind: 'text',
      secret: true,
      maxLength: 200,
      optional: true,
      fallback: '',
      required: 'Leads webhook API key must be at most 200 characters',
      section: 'Security and integrations',
    },
    onOff('showUserInfoAgent', 'Show User Info to Agents', 'Security and integrations'),
  ],
}

/** Switching reCAPTCHA on needs both keys, or the switch would silently do nothing. */
export const CAPTCHA_KEYS_NEEDED = 'reCAPTCHA needs the captcha client key and secret key'

/** The cross-field rule of the form, on the values as they will be stored; undefined when fine. */
export function siteSettingsProblem(
  stored: Record<string, string | null>
): { field: string; message: string } | undefined {
  if (
    isOn(stored.recaptchaToggle) &&
    (!stored.captchaClientKey?.trim() || !stored.captchaSecretKey?.trim())
  ) {
    return { field: 'recaptchaToggle', message: CAPTCHA_KEYS_NEEDED }
  }
}
