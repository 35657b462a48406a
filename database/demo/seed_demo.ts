import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import Profile from '#models/profile'
import Balance from '#models/balance'
import Setting from '#models/setting'
import Language from '#models/language'
import Translation from '#models/translation'
import Instrument from '#models/instrument'
import LotOption from '#models/lot_option'
import PricingPlan from '#models/pricing_plan'
import PromoCode from '#models/promo_code'
import KycDocument from '#models/kyc_document'
import Notification from '#models/notification'
import PaymentGateway from '#models/payment_gateway'
import settings from '#services/settings_service'
import { postEntry } from '#services/ledger_service'
import { money, toDbDecimal } from '#domain/money'
import { CATEGORIES, priceDecimals } from '#domain/instruments'
import type { RoleId } from '#domain/roles'
import { DEMO_INSTRUMENTS } from '#database/demo/instruments'
import { SPANISH } from '#database/demo/translations'
import { seedCandleHistory } from '#database/demo/candle_history'
import { isSecondFactorMandatory } from '#domain/two_factor'
import { sealSecret } from '#services/two_factor_secrets'
import { seedCrmConfig } from '#database/demo/crm_config'
import { seedDemoLeads } from '#database/demo/crm_leads'
import { DEMO_PASSWORD, DEMO_TOTP_KEY } from '#database/demo/credentials'

export { DEMO_PASSWORD, DEMO_TOTP_KEY }

export const DEMO_ACCOUNTS: { email: string; fullName: string; roleId: RoleId }[] = [
  { email: 'admin@demo.test', fullName: 'Ada Admin', roleId: 1 },
  { email: 'manager@demo.test', fullName: 'Max Manager', roleId: 2 },
  { email: 'customer@demo.test', fullName: 'Carla Customer', roleId: 3 },
  { email: 'affiliate@demo.test', fullName: 'Alex Affiliate', roleId: 4 },
  { email: 'agent@demo.test', fullName: 'Sam Sales', roleId: 5 },
  { email: 'retention@demo.test', fullName: 'Rita Retention', roleId: 6 },
  { email: 'newcomer@demo.test', fullName: 'Nico Newcomer', roleId: 3 },
]

export const SITE_DEFAULTS: Record<string, string> = {
  appName: 'Broker',
  appUrl: 'http://localhost:3333',
  appCurrency: 'USD,EUR,GBP',
  demoBalance: '10000',
  captchaClientKey: '',
  captchaSecretKey: '',
  whatsapp: '+15550100200',
  webhookApiKeyLeads: '',
  kycDeposit: 'on',
  kycWithdraw: 'on',
  kycTrade: 'on',
  recaptchaToggle: 'off',
  pricingPlan: 'on',
  emailVerify: 'on',
  showUserInfoAgent: 'off',
  theme: 'dark',
  stopLossSelector: 'amount',
}

/**
 * Demo data for development and tests: settings, languages, instruments,
 * plans, lots, the seven demo accounts and their wallets (funded through the
 * ledger). Refuses to run twice on the same database.
 */
export async function seedDemo() {
  if (await User.query().first()) return false

  await Setting.createMany(Object.entries(SITE_DEFAULTS).map(([key, value1]) => ({ key, value1 })))
  await Setting.createMany([
    ...CATEGORIES.map((c) => ({ key: `spread_${c}`, value1: '1' })),
    ...CATEGORIES.map((c) => ({ key: `lot_${c}`, value1: c === 'forex' ? 'lot' : 'amount' })),
    { key: 'polygonAPI', value1: null },
    { key: 'eodAPI', value1: null },
    { key: 'oandaAPI', value1: null, value2: null, value3: 'fxpractice' },
    { key: 'currencyAPI', value1: null, value2: null, value3: null },
    { key: 'voiso', value1: null, value2: null },
    { key: 'withdrawSettings', value1: '0', value2: '0' },
  ])
  settings.forget()

  await Language.createMany([
    { name: 'English', code: 'en' },
    { name: 'Español', code: 'es' },
  ])
  await Translation.createMany(
    Object.entries(SPANISH).map(([key, value]) => ({ code: 'es', key, value }))
  )

  const instruments = await Instrument.createMany(
    DEMO_INSTRUMENTS.map((i) => {
      // Quotes at the instrument's own precision (5 decimals for EUR_USD, …).
      const decimals = priceDecimals(i.category, i.quote, i.mid)
      const bid = money(i.mid).minus(money(i.spread).dividedBy(2)).toDecimalPlaces(decimals)
      return {
        name: i.name,
        base: i.base,
        quote: i.quote,
        alias: i.alias,
        category: i.category,
        bids: toDbDecimal(bid),
        asks: toDbDecimal(bid.plus(i.spread)),
        leverage: i.leverage,
        tradable: true,
        tradingview: i.tradingview,
        swap: '0',
      }
    })
  )

  await seedCandleHistory(instruments)

  await LotOption.createMany([
    { label: '0.01 (Micro)', value: '1000', position: 1 },
    { label: '0.1 (Mini)', value: '10000', position: 2 },
    { label: '0.5', value: '50000', position: 3 },
    { label: '1 (Standard)', value: '100000', position: 4 },
  ])

  const [, silver] = await PricingPlan.createMany([
    plan('Basic', 'For new traders: moderate leverage, standard stop-out.', '0', 100, '50'),
    plan('Silver', 'More leverage and a lower stop-out for active traders.', '250', 200, '40'),
    plan('Gold', 'Professional conditions for experienced traders.', '1000', 500, '30'),
  ])

  await PromoCode.create({ code: 'WELCOME2026', isActive: true })

  // The gateway rows come from their migration; the demo configures the manual ones.
  await PaymentGateway.query().where('value', 'bank').update({
    key1: 'Demo Bank AG',
    key2: 'Broker Ltd',
    key3: 'DE89370400440532013000',
    key4: 'COBADEFFXXX',
    key5: 'Germany',
  })
  await PaymentGateway.query()
    .where('value', 'btc')
    .update({ key1: 'bc1qdemo0wallet0address0for0the0demo0site0only', fee: '1', is_active: true })
  await PaymentGateway.query()
    .where('value', 'usdt')
    .update({ key1: 'TDemoUsdtWalletAddressForTheDemoSiteOnly1', fee: '1', is_active: true })

  for (const account of DEMO_ACCOUNTS) {
    await db.transaction(async (trx) => {
      const user = await User.create(
        {
          ...account,
          password: DEMO_PASSWORD,
          isEmailVerified: true,
          emailVerifiedAt: DateTime.now(),
          isActive: true,
          pricingTableId: account.email === 'customer@demo.test' ? silver.id : null,
        },
        { client: trx }
      )
      await Profile.create(
        {
          userId: user.id,
          phone: '+4915112345678',
          birthDate: DateTime.fromISO('1988-04-12'),
          country: 'Germany',
          city: 'Berlin',
          address: 'Friedrichstraße 100',
          postalCode: '10117',
          // The demo customer is the demo manager's (issue 14: a manager opens the customers they manage).
          managerId:
            account.email === 'customer@demo.test'
              ? ((await User.query({ client: trx }).where('email', 'manager@demo.test').first())
                  ?.id ?? null)
              : null,
        },
        { client: trx }
      )
      if (isSecondFactorMandatory(account.roleId)) {
        await trx.table('two_factor_credentials').insert({
          user_id: user.id,
          secret: sealSecret(DEMO_TOTP_KEY),
          last_used_step: null,
          created_at: DateTime.now().toSQL({ includeOffset: false }),
          updated_at: null,
        })
      }
      if (account.roleId !== 3) return

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
          { client: trx }
        )
      const real = await wallet('real')
      const demo = await wallet('demo')
      await postEntry(trx, {
        balanceId: demo.id,
        type: 'demo_credit',
        amount: SITE_DEFAULTS.demoBalance,
        description: 'Initial demo balance',
      })
      if (account.email === 'customer@demo.test') {
        await postEntry(trx, {
          balanceId: real.id,
          type: 'deposit',
          amount: '25000',
          description: 'Demo funding',
        })
        await KycDocument.create(
          { userId: user.id, type: 'passport', status: 'approved', reviewedAt: DateTime.now() },
          { client: trx }
        )
        await Notification.create(
          {
            userId: user.id,
            title: 'Welcome to Broker',
            description: 'Your account is verified and your real wallet is funded.',
            url: '/dashboard',
          },
          { client: trx }
        )
      }
      user.activeBalanceId = account.email === 'customer@demo.test' ? real.id : demo.id
      await user.useTransaction(trx).save()
    })
  }
  await seedCrmConfig()
  await seedDemoLeads()
  return true
}

function plan(name: string, description: string, price: string, leverage: number, stopout: string) {
  return {
    name,
    description,
    price,
    forexLeverage: leverage,
    commodityLeverage: Math.round(leverage / 2),
    indexLeverage: Math.round(leverage / 2),
    stockLeverage: Math.max(1, Math.round(leverage / 20)),
    cryptoLeverage: Math.max(1, Math.round(leverage / 20)),
    forexStopout: stopout,
    commodityStopout: stopout,
    indexStopout: stopout,
    stockStopout: stopout,
    cryptoStopout: stopout,
  }
}
