/*
| Environment variables, validated at boot. Defaults keep a fresh checkout
| runnable on SQLite with no .env beyond APP_KEY.
*/
import { Env } from '@adonisjs/core/env'
import { parseAddressList } from '#domain/ip_addresses'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  APP_KEY: Env.schema.string(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_URL: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string(),
  TZ: Env.schema.string.optional(),

  // Unset: redis with REDIS_URL, else database (config/session.ts). `cookie` keeps the
  // session in the cookie, which logout cannot revoke: an explicit choice only.
  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'memory', 'cookie'] as const),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  PG_HOST: Env.schema.string.optional({ format: 'host' }),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DB_NAME: Env.schema.string.optional(),

  REDIS_URL: Env.schema.string.optional(),
  // Prefix of every Redis key and pub/sub channel, so deployments sharing one Redis stay apart
  // (pub/sub ignores the database index). Default: `broker`.
  REDIS_PREFIX: Env.schema.string.optional(),
  // What this process runs: `web`, `market` or `web,market` (the embedded default). A process whose
  // roles include `market` competes for the market lease; MARKET_FEED says what feeds the role.
  APP_ROLES: Env.schema.enum.optional(['web', 'market', 'web,market', 'market,web'] as const),

  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_FROM_NAME: Env.schema.string.optional(),

  DRIVE_DISK: Env.schema.enum.optional(['fs'] as const),

  MARKET_FEED: Env.schema.enum.optional(['off', 'simulator'] as const),
  // Market-data provider hosts; set only to point the adapters elsewhere (a local fake).
  POLYGON_WS_URL: Env.schema.string.optional(),
  EODHD_WS_URL: Env.schema.string.optional(),
  OANDA_STREAM_URL: Env.schema.string.optional(),
  CURRENCY_API_URL: Env.schema.string.optional(),

  RECAPTCHA_VERIFY_URL: Env.schema.string.optional(),
  LOGIN_MAX_ATTEMPTS: Env.schema.number.optional(),
  LOGIN_BLOCK_MINUTES: Env.schema.number.optional(),

  // Proxies whose X-Forwarded-For is believed (IPs, CIDRs, loopback…); unset = none.
  TRUSTED_PROXIES: (key: string, value?: string) => {
    const { errors } = parseAddressList(value)
    if (errors.length)
      throw new Error(`${key}: not an IP, CIDR range or known name: ${errors.join(', ')}`)
    return value ?? ''
  },
  // Account-wide lockout (any address) and the reset, verification and sign-up budgets.
  LOGIN_ACCOUNT_MAX_FAILURES: Env.schema.number.optional(),
  LOGIN_ACCOUNT_WINDOW_MINUTES: Env.schema.number.optional(),
  LOGIN_ACCOUNT_LOCK_MINUTES: Env.schema.number.optional(),
  RESET_MAILS_PER_ACCOUNT_HOUR: Env.schema.number.optional(),
  RESET_REQUESTS_PER_ADDRESS_HOUR: Env.schema.number.optional(),
  VERIFY_MAILS_PER_ACCOUNT_HOUR: Env.schema.number.optional(),
  SIGNUPS_PER_ADDRESS_HOUR: Env.schema.number.optional(),

  // How far (percent) from the current quote a staff trade correction's rate may be without `force` (default 20).
  TRADE_CORRECTION_MAX_DEVIATION_PERCENT: (key: string, value?: string) => {
    if (value === undefined || value === '') return undefined
    const percent = Number(value)
    if (!Number.isFinite(percent) || percent <= 0)
      throw new Error(`${key}: a percent above zero, such as 20`)
    return percent
  },
})
