import { DateTime } from 'luxon'
import type { Category } from '#domain/instruments'
import { priceDecimals } from '#domain/instruments'
import { GATEWAY_FORMS, type GatewayValue } from '#domain/gateways'
import { money, roundCurrency, toDbDecimal, Money } from '#domain/money'
import { positionProfitLoss } from '#domain/account_metrics'
import { leverageFor, requiredMargin } from '#domain/trading'
import { bankDescription } from '#domain/withdrawals'
import { KYC_DOCUMENT_TYPES } from '#domain/kyc'
import { VOISO_MESSAGES } from '#domain/voiso'
import { isCategoryOpen, marketStatus, type MarketStatus } from '#domain/market_hours'
import type { LeadGroup } from '#domain/crm'
import { Dice } from '#database/demo/living_broker/random'
import * as P from '#database/demo/living_broker/pools'

/*
| The living broker (issue 21 item 9): a month of a small broker's life, as
| rows. Pure: the same context (the seed, "now", the next free ids, the demo's
| staff, statuses, plans and instruments) gives the same rows, so the demo
| looks the same on every machine and a test can compare two plans.
|
| Each wallet's story is played in time order (deposits decided, positions
| opened and closed, withdrawals held then paid or released) on exact
| decimals, and every balance change becomes a ledger row with its
| balance_after, as postEntry would have written it: the sum of a wallet's
| entries is its balance, its margin is the sum of its open positions' margin,
| its hold the sum of its pending withdrawals.
*/

export const LIVING_BROKER_SEED = 20_261_126
export const LIVING_BROKER_CUSTOMERS = 300
export const LIVING_BROKER_PROSPECTS = 220
/** The customers' e-mail domain: its presence says the living broker is already there. */
export const LIVING_BROKER_DOMAIN = 'mail.demo.test'
export const KYC_PLACEHOLDERS = {
  front: 'kyc/living-broker/document-front.png',
  back: 'kyc/living-broker/document-back.png',
  address: 'kyc/living-broker/utility-bill.png',
} as const

export const LIVING_BROKER_TABLES = [
  'users',
  'profiles',
  'two_factor_credentials',
  'teams',
  'team_members',
  'balances',
  'kyc_documents',
  'deposits',
  'withdrawals',
  'orders',
  'ledger_entries',
  'leads',
  'lead_notes',
  'lead_calls',
] as const
export type LivingBrokerTable = (typeof LIVING_BROKER_TABLES)[number]

export type Row = Record<string, string | number | boolean | null>

export interface PlanInstrument {
  id: number
  name: string
  base: string
  quote: string
  category: Category
  bids: string
  asks: string
  leverage: number
}

export interface PlanPricingPlan {
  id: number
  leverages: Partial<Record<`${Category}Leverage`, number | null>>
}

export interface PlanContext {
  now: DateTime
  seed?: number
  customers?: number
  prospects?: number
  /** The next free id of each table (ids are given here, so rows can name each other before insert). */
  nextIds: Record<LivingBrokerTable, number>
  /** One password hash for every account the plan adds (the demo password). */
  passwordHash: string
  /** The demo staff's sealed two-factor key, for the staff the plan adds. */
  sealedTotpSecret: string
  staff: { admin: number; manager: number; agent: number; retention: number; affiliate: number }
  demoTeamId: number
  /** Sales status ids by name ('New', 'Call Back', …, 'Deposited'). */
  statuses: Record<string, number>
  plans: PlanPricingPlan[]
  instruments: PlanInstrument[]
  demoBalance: string
}

export type LivingBrokerRows = Record<LivingBrokerTable, Row[]>

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The staff the living broker adds to the demo's: a second desk, more agents, three affiliates. */
const NEW_STAFF = [
  { key: 'manager2', email: 'manager2@demo.test', fullName: 'Marta Manager', roleId: 2 },
  { key: 'sales2', email: 'sales2@demo.test', fullName: 'Leo Sales', roleId: 5 },
  { key: 'sales3', email: 'sales3@demo.test', fullName: 'Ines Sales', roleId: 5 },
  { key: 'retention2', email: 'retention2@demo.test', fullName: 'Omar Retention', roleId: 6 },
  { key: 'affiliate2', email: 'affiliate2@demo.test', fullName: 'Pablo Partners', roleId: 4 },
  { key: 'affiliate3', email: 'affiliate3@demo.test', fullName: 'Quinn Media', roleId: 4 },
] as const

interface Wallet {
  row: Row
  balance: Money
  margin: Money
  onHold: Money
  version: number
}

interface LedgerDraft {
  row: Row
  at: number
  /** The row the entry's reference_id names, once ids are given. */
  ref?: { type: 'deposit' | 'withdrawal' | 'order'; row: Row }
}

type Action = { at: number; seq: number; run: () => void }

export function planLivingBroker(ctx: PlanContext): LivingBrokerRows {
  const dice = new Dice(ctx.seed ?? LIVING_BROKER_SEED)
  const nowMs = ctx.now.toMillis()
  const sql = sqlTimestamp
  const rows = Object.fromEntries(
    LIVING_BROKER_TABLES.map((t) => [t, []])
  ) as unknown as LivingBrokerRows
  const ids = { ...ctx.nextIds }
  const nextId = (table: LivingBrokerTable) => ids[table]++
  const ledger: LedgerDraft[] = []

  /* Staff ------------------------------------------------------------------ */
  const staffIds: Record<string, number> = {}
  const staffCreated = nowMs - 60 * DAY
  for (const s of NEW_STAFF) {
    const id = nextId('users')
    staffIds[s.key] = id
    rows.users.push(userRow(id, s.fullName, s.email, s.roleId, staffCreated, staffCreated))
    rows.profiles.push(profileRow(nextId('profiles'), id, null, staffCreated))
    rows.two_factor_credentials.push({
      id: nextId('two_factor_credentials'),
      user_id: id,
      secret: ctx.sealedTotpSecret,
      last_used_step: null,
      created_at: sql(staffCreated),
      updated_at: null,
    })
  }
  const secondTeamId = nextId('teams')
  rows.teams.push({
    id: secondTeamId,
    name: 'Lisbon Desk',
    code: 'T-DEMO02',
    user_id: staffIds.manager2,
    created_at: sql(staffCreated),
    updated_at: null,
  })
  const teamOf = new Map<number, number>() // agent → the manager running their team
  const member = (teamId: number, userId: number, managerId: number) => {
    rows.team_members.push({ id: nextId('team_members'), team_id: teamId, user_id: userId })
    teamOf.set(userId, managerId)
  }
  teamOf.set(ctx.staff.agent, ctx.staff.manager)
  teamOf.set(ctx.staff.retention, ctx.staff.manager)
  member(ctx.demoTeamId, staffIds.sales2, ctx.staff.manager)
  member(secondTeamId, staffIds.sales3, staffIds.manager2)
  member(secondTeamId, staffIds.retention2, staffIds.manager2)
  const salesAgents = [ctx.staff.agent, staffIds.sales2, staffIds.sales3]
  const retentionAgents = [ctx.staff.retention, staffIds.retention2]
  const affiliates = [ctx.staff.affiliate, staffIds.affiliate2, staffIds.affiliate3]
  const managers = [ctx.staff.manager, staffIds.manager2]
  const emailOf = new Map<number, string>([
    [ctx.staff.agent, 'agent@demo.test'],
    [ctx.staff.retention, 'retention@demo.test'],
    [ctx.staff.manager, 'manager@demo.test'],
    ...NEW_STAFF.map((s) => [staffIds[s.key], s.email] as [number, string]),
  ])

  const traded = P.TRADED.map((name) => ctx.instruments.find((i) => i.name === name)).filter(
    (i): i is PlanInstrument => !!i
  )
  if (!traded.some((i) => i.category === 'crypto'))
    throw new Error('The living broker needs the demo instruments (crypto trades at any hour)')

  // Sessions open and close on New York's half hours: one look-up per half hour, not per trade.
  const sessions = new Map<number, MarketStatus>()
  const sessionAt = (ms: number) => {
    const slot = Math.floor(ms / (30 * 60_000))
    let status = sessions.get(slot)
    if (!status)
      sessions.set(slot, (status = marketStatus(DateTime.fromMillis(slot * 30 * 60_000))))
    return status
  }

  /* Customers -------------------------------------------------------------- */
  const customers = ctx.customers ?? LIVING_BROKER_CUSTOMERS
  // Registration times over the last 30 days, oldest first (ids follow time), a few more lately.
  const registered = Array.from(
    { length: customers },
    () => nowMs - Math.floor(30 * DAY * Math.pow(dice.next(), 1.3)) - 10 * 60_000
  ).sort((a, b) => a - b)

  for (let n = 0; n < customers; n++) {
    const reg = registered[n]
    const first = dice.pick(P.FIRST_NAMES)
    const last = dice.pick(P.LAST_NAMES)
    const email = `${first}.${last}.${n + 1}@${LIVING_BROKER_DOMAIN}`.toLowerCase()
    const [country, cities, prefix] = dice.pick(P.PLACES)
    const city = dice.pick(cities)
    const phone = `${prefix}${String(dice.int(100_000_000, 999_999_999))}`
    const userId = nextId('users')
    const plan = dice.weighted({ none: 25, basic: 40, silver: 25, gold: 10 })
    const planRow = { basic: ctx.plans[0], silver: ctx.plans[1], gold: ctx.plans[2], none: null }[
      plan
    ]
    const depositor = dice.chance(0.62)
    const lastAccess = reg + Math.floor(dice.next() * (nowMs - reg))
    const managerId = dice.chance(0.3) ? dice.pick(managers) : null

    const user = userRow(userId, `${first} ${last}`, email, 3, reg, lastAccess)
    user.pricing_table_id = planRow?.id ?? null
    user.is_email_verified = depositor || dice.chance(0.85)
    user.email_verified_at = user.is_email_verified ? sql(reg + dice.int(1, 90) * 60_000) : null
    rows.users.push(user)
    const profile = profileRow(nextId('profiles'), userId, managerId, reg)
    Object.assign(profile, {
      phone,
      country,
      city,
      birth_date: `${dice.int(1960, 2004)}-${pad(dice.int(1, 12))}-${pad(dice.int(1, 28))}`,
      address: `${dice.int(1, 180)} ${dice.pick(P.STREETS)}`,
      postal_code: String(dice.int(10_000, 99_999)),
    })
    rows.profiles.push(profile)

    const newWallet = (mode: 'demo' | 'real'): Wallet => {
      const row: Row = {
        id: nextId('balances'),
        user_id: userId,
        mode,
        currency: 'USD',
        balance: '0',
        margin: '0',
        on_hold: '0',
        version: 0,
        created_at: sql(reg),
        updated_at: sql(reg),
      }
      rows.balances.push(row)
      return { row, balance: money(0), margin: money(0), onHold: money(0), version: 0 }
    }
    const real = newWallet('real')
    const demo = newWallet('demo')
    user.active_balance_id = (depositor ? real : demo).row.id as number

    const post = (
      wallet: Wallet,
      at: number,
      type: string,
      amount: Money,
      description: string,
      ref?: LedgerDraft['ref'],
      createdById: number | null = null
    ) => {
      wallet.balance = wallet.balance.plus(amount)
      wallet.version++
      wallet.row.updated_at = sql(at)
      ledger.push({
        at,
        ref,
        row: {
          balance_id: wallet.row.id,
          type,
          amount: toDbDecimal(amount),
          balance_after: toDbDecimal(wallet.balance),
          reference_type: ref?.type ?? null,
          reference_id: null,
          description,
          created_by_id: createdById,
          comment: null,
          audit_log_id: null,
          created_at: sql(at),
        },
      })
    }
    post(demo, reg, 'demo_credit', money(ctx.demoBalance), 'Initial demo balance')

    /* KYC: depositors were approved before their first deposit; the others are at every stage. */
    const kycAt = reg + dice.int(20, 600) * 60_000
    const kycState = depositor
      ? 'approved'
      : dice.weighted({ none: 35, pending: 25, declined: 12, resubmitted: 13, approved: 15 })
    if (kycState !== 'none' && kycAt < nowMs) {
      const review = kycAt + dice.int(30, 360) * 60_000
      const declined = kycState === 'declined' || kycState === 'resubmitted'
      const status = kycState === 'pending' ? 'pending' : declined ? 'declined' : 'approved'
      const decided = status !== 'pending' && review < nowMs
      rows.kyc_documents.push(
        kycRow(nextId('kyc_documents'), userId, dice.pick(KYC_DOCUMENT_TYPES), kycAt, {
          status: decided ? status : 'pending',
          reason: decided && declined ? dice.pick(P.KYC_DECLINE_REASONS) : null,
          reviewedAt: decided ? review : null,
        })
      )
      const again = review + dice.int(2, 48) * HOUR
      if (kycState === 'resubmitted' && decided && again < nowMs) {
        rows.kyc_documents.push(
          kycRow(nextId('kyc_documents'), userId, dice.pick(KYC_DOCUMENT_TYPES), again, {
            status: 'pending',
            reason: null,
            reviewedAt: null,
          })
        )
      }
    }

    /* The wallets' stories, in time order. */
    const actions: Action[] = []
    let seq = 0
    const at = (time: number, run: () => void) => {
      if (time < nowMs) actions.push({ at: time, seq: seq++, run })
    }
    const depositTimes: number[] = []
    const leverages = planRow?.leverages ?? null

    const trade = (wallet: Wallet, opened: number, share: number) => {
      const type = dice.chance(0.55) ? 'buy' : 'sell'
      // Most positions last hours, a few days.
      const closesAt = opened + Math.floor((0.2 + 96 * Math.pow(dice.next(), 3)) * HOUR)
      const stillOpen = closesAt >= nowMs || dice.chance(0.04)
      // Only markets open when the position opens and closes (crypto always is).
      const openAt = sessionAt(opened)
      const closeAt = stillOpen ? openAt : sessionAt(closesAt)
      const instrument = dice.pick(
        traded.filter(
          (i) => isCategoryOpen(i.category, openAt) && isCategoryOpen(i.category, closeAt)
        )
      )
      const mid = money(instrument.bids).plus(money(instrument.asks)).dividedBy(2)
      const decimals = priceDecimals(instrument.category, instrument.quote, instrument.bids)
      // Open positions near today's price (the market simulator values them); older ones wander.
      const drift = stillOpen ? dice.between(-0.002, 0.002) : dice.between(-0.03, 0.03)
      const openRate = mid.times(1 + drift).toDecimalPlaces(decimals)
      const leverage = leverageFor(instrument.category, leverages, instrument.leverage)
      const step = money(P.AMOUNT_STEP[instrument.category])
      const spreadPerUnit = money(instrument.asks).minus(money(instrument.bids))
      const row: Row = {
        id: 0,
        user_id: userId,
        balance_id: wallet.row.id,
        instrument_id: instrument.id,
        instrument: instrument.name,
        base_symbol: instrument.base,
        quote_symbol: instrument.quote,
        kind: instrument.category,
        type,
        trade_amount: '0',
        open_rate: toDbDecimal(openRate),
        close_rate: null,
        close_time: null,
        profit: null,
        loss: null,
        spread: '0',
        exchange_rate: '1',
        margin_used: '0',
        leverage,
        pro_loss: null,
        close_reason: null,
        created_at: sql(opened),
        updated_at: sql(opened),
        deleted_at: null,
        deleted_by: null,
      }
      let margin = money(0)
      at(opened, () => {
        const free = wallet.balance.minus(wallet.margin).minus(wallet.onHold)
        const budget = free.times(share) // the margin this trade may take
        const units = budget.times(leverage).dividedBy(openRate).dividedBy(step).floor()
        if (units.lessThan(1)) return
        const amount = Money.min(units, money(200)).times(step)
        margin = requiredMargin({ price: openRate, amount, leverage, rate: 1 }).toDecimalPlaces(
          2,
          Money.ROUND_UP
        )
        if (margin.greaterThan(free)) return
        row.trade_amount = toDbDecimal(amount)
        row.spread = toDbDecimal(spreadPerUnit.times(amount))
        row.margin_used = toDbDecimal(margin)
        wallet.margin = wallet.margin.plus(margin)
        wallet.version++
        rows.orders.push(row)
      })
      if (stillOpen) return
      at(closesAt, () => {
        if (row.trade_amount === '0') return
        const amount = money(row.trade_amount as string)
        const spread = money(row.spread as string)
        // Customers lose a little more often than they win; no loss takes more than half the wallet.
        let move = dice.between(-0.013, 0.01)
        const pnlAt = (m: number) => {
          const closeRate = openRate.times(1 + (type === 'buy' ? m : -m)).toDecimalPlaces(decimals)
          const realized = roundCurrency(
            positionProfitLoss({
              type,
              tradeAmount: amount,
              openRate,
              currentRate: closeRate,
              spread,
              exchangeRate: 1,
            })
          )
          return { closeRate, realized }
        }
        let result = pnlAt(move)
        // What the wallet keeps free once this margin is back: other positions and holds stay covered.
        const floor = wallet.balance
          .minus(wallet.margin.minus(margin))
          .minus(wallet.onHold)
          .dividedBy(2)
          .negated()
        for (let i = 0; i < 8 && result.realized.lessThan(floor); i++) {
          move = move / 2
          result = pnlAt(move)
        }
        if (result.realized.lessThan(floor)) result = pnlAt(Math.abs(move))
        row.close_rate = toDbDecimal(result.closeRate)
        row.close_time = sql(closesAt)
        row.updated_at = sql(closesAt)
        row.pro_loss = toDbDecimal(result.realized)
        row.close_reason = 'manual'
        wallet.margin = wallet.margin.minus(margin)
        post(
          wallet,
          closesAt,
          'realized_pnl',
          result.realized,
          `Position #{id} ${row.instrument} closed (manual)`,
          { type: 'order', row }
        )
      })
    }

    if (depositor) {
      let t = Math.max(kycAt + 2 * HOUR, reg + dice.int(1, 48) * HOUR)
      const firstDeposit = t
      const count = dice.weighted({ 1: 40, 2: 30, 3: 20, 4: 10 })
      for (let d = 0; d < Number(count); d++) {
        const gateway: GatewayValue = dice.weighted({
          bank: 30,
          btc: 12,
          usdt: 18,
          stripe: 25,
          paypal: 15,
        })
        const amount = money(d === 0 ? dice.pick([250, 500, 1000, 2500]) : dice.int(2, 60) * 50)
        const fee = ['btc', 'usdt'].includes(gateway)
          ? roundCurrency(amount.dividedBy(100))
          : money(0)
        const decidedAt =
          t + (gateway === 'bank' ? dice.int(2, 20) * HOUR : dice.int(2, 40) * 60_000)
        // The last days' requests are partly still waiting for the back office.
        const waiting = decidedAt >= nowMs || (t > nowMs - 3 * DAY && dice.chance(0.25))
        const status = waiting ? 'pending' : dice.chance(0.88) ? 'approved' : 'declined'
        // Online gateways are decided by the provider's notice; bank and crypto by staff.
        const decider = GATEWAY_FORMS[gateway].kind === 'automatic' ? null : ctx.staff.admin
        const row: Row = {
          id: 0,
          user_id: userId,
          balance_id: real.row.id,
          gateway,
          amount: toDbDecimal(amount),
          fee: toDbDecimal(fee),
          total: toDbDecimal(amount.plus(fee)),
          description: `Deposit via ${GATEWAY_FORMS[gateway].name}`,
          status,
          balance_after: null,
          decided_by_id: status === 'pending' ? null : decider,
          decided_at: status === 'pending' ? null : sql(decidedAt),
          tx_ref: '',
          provider_reference: null,
          payment_link: null,
          proof_path: null,
          created_at: sql(t),
          updated_at: sql(status === 'pending' ? t : decidedAt),
        }
        if (t < nowMs) rows.deposits.push(row)
        if (status === 'approved') {
          at(decidedAt, () => {
            post(
              real,
              decidedAt,
              'deposit',
              amount,
              `Deposit #{id} (${gateway})`,
              {
                type: 'deposit',
                row,
              },
              decider
            )
            row.balance_after = toDbDecimal(real.balance)
            depositTimes.push(decidedAt)
          })
        }
        t = decidedAt + dice.int(1, 9) * DAY
      }
      // Trades on the real wallet after the first deposit could have been credited.
      const start = firstDeposit + HOUR
      const trades = dice.int(2, 14)
      for (let k = 0; k < trades; k++) {
        const opened = start + Math.floor(dice.next() * Math.max(0, nowMs - start))
        trade(real, opened + 3 * HOUR, dice.between(0.04, 0.15))
      }
      // Some withdraw part of what they hold.
      if (dice.chance(0.35)) {
        const w = dice.int(1, 2)
        for (let k = 0; k < w; k++) {
          const created = start + 2 * DAY + Math.floor(dice.next() * Math.max(0, nowMs - start))
          const decidedAt = created + dice.int(3, 48) * HOUR
          withdrawal(real, created, decidedAt)
        }
      }
    }
    if (!depositor || dice.chance(0.3)) {
      const demoTrades = dice.int(depositor ? 1 : 0, 6)
      for (let k = 0; k < demoTrades; k++) {
        const opened = reg + Math.floor(dice.next() * (nowMs - reg))
        trade(demo, opened, dice.between(0.03, 0.12))
      }
    }

    function withdrawal(wallet: Wallet, created: number, decidedAt: number) {
      const row: Row = {
        id: 0,
        user_id: userId,
        balance_id: wallet.row.id,
        gateway: 'bank',
        amount: '0',
        fee: '0',
        total: '0',
        description: bankDescription({
          bankName: dice.pick(P.BANKS),
          accountName: `${first} ${last}`,
          accountNumber: `${country.slice(0, 2).toUpperCase()}${dice.int(10, 99)}${dice.int(10_000_000, 99_999_999)}${dice.int(1000, 9999)}`,
          swiftCode: `${dice.pick(['DEUT', 'BSCH', 'BNPA', 'INGB', 'REVO', 'UNCR'])}${country.slice(0, 2).toUpperCase()}2X`,
          bankCountry: country,
        }),
        status: 'pending',
        balance_after: null,
        decided_by_id: null,
        decided_at: null,
        decline_reason: null,
        created_at: sql(created),
        updated_at: sql(created),
      }
      const wants = dice.between(0.1, 0.5)
      const decision = dice.weighted({ approved: 65, declined: 20, pending: 15 })
      const reason = dice.pick(P.WITHDRAWAL_DECLINE_REASONS)
      let total = money(0)
      at(created, () => {
        const free = wallet.balance.minus(wallet.margin).minus(wallet.onHold)
        total = free.times(wants).dividedBy(10).floor().times(10)
        if (total.lessThan(50)) return
        row.amount = toDbDecimal(total)
        row.total = toDbDecimal(total)
        wallet.onHold = wallet.onHold.plus(total)
        wallet.version++
        rows.withdrawals.push(row)
      })
      if (decision === 'pending') return
      at(decidedAt, () => {
        if (total.lessThan(50)) return
        wallet.onHold = wallet.onHold.minus(total)
        wallet.version++
        const approved = decision === 'approved' && !wallet.balance.lessThan(total)
        row.status = approved ? 'approved' : 'declined'
        row.decided_by_id = ctx.staff.admin
        row.decided_at = sql(decidedAt)
        row.updated_at = sql(decidedAt)
        if (!approved) {
          row.decline_reason = reason
          return
        }
        post(
          wallet,
          decidedAt,
          'withdrawal',
          total.negated(),
          `Withdrawal #{id} (bank)`,
          {
            type: 'withdrawal',
            row,
          },
          ctx.staff.admin
        )
        row.balance_after = toDbDecimal(wallet.balance)
      })
    }

    actions.sort((a, b) => a.at - b.at || a.seq - b.seq)
    for (const action of actions) action.run()
    for (const wallet of [real, demo]) {
      wallet.row.balance = toDbDecimal(wallet.balance)
      wallet.row.margin = toDbDecimal(wallet.margin)
      wallet.row.on_hold = toDbDecimal(wallet.onHold)
      wallet.row.version = wallet.version
    }

    /* The customer's lead: the sign-up made it; a desk took it. */
    const approvedDeposits = depositTimes.sort((a, b) => a - b)
    const hasDeposited = approvedDeposits.length > 0
    const group = hasDeposited
      ? dice.weighted({ retentions: 60, clients: 25, sales: 15 })
      : dice.weighted({ sales: 50, clients: 35, archived: 15 })
    const desk = group === 'clients' ? null : group
    const viaAffiliate = dice.chance(0.25) ? dice.pick(affiliates) : null
    lead({
      first,
      last,
      email,
      phone,
      country,
      city,
      created: reg,
      group: desk,
      source: dice.chance(0.85) ? 'live' : 'manual',
      affiliateId: viaAffiliate,
      userId,
      registeredAt: reg,
      depositedAt: approvedDeposits.at(-1) ?? null,
      ftdAt: approvedDeposits[0] ?? null,
      lastAccessAt: lastAccess,
      status: hasDeposited
        ? dice.chance(0.8)
          ? 'Deposited'
          : 'Interested'
        : dice.pick(['New', 'Call Back', 'No Answer', 'Interested', 'Not Interested']),
      managerId,
    })
  }

  /* Prospects: leads that have not signed up (the sales desk's daily work, and the archive). */
  const prospects = ctx.prospects ?? LIVING_BROKER_PROSPECTS
  for (let n = 0; n < prospects; n++) {
    const first = dice.pick(P.FIRST_NAMES)
    const last = dice.pick(P.LAST_NAMES)
    const [country, cities, prefix] = dice.pick(P.PLACES)
    const live = dice.chance(0.6)
    lead({
      first,
      last,
      email: `${first}.${last}.p${n + 1}@leads.demo.test`.toLowerCase(),
      phone: `${prefix}${String(dice.int(100_000_000, 999_999_999))}`,
      country,
      city: dice.pick(cities),
      created: nowMs - Math.floor(dice.next() * 30 * DAY),
      group: dice.chance(0.78) ? 'sales' : 'archived',
      source: live ? 'live' : 'manual',
      affiliateId: live && dice.chance(0.55) ? dice.pick(affiliates) : null,
      userId: null,
      registeredAt: null,
      depositedAt: null,
      ftdAt: null,
      lastAccessAt: null,
      status: dice.pick(['New', 'New', 'Call Back', 'No Answer', 'Interested', 'Not Interested']),
      managerId: null,
    })
  }

  function lead(l: {
    first: string
    last: string
    email: string
    phone: string
    country: string
    city: string
    created: number
    group: LeadGroup | null
    source: 'live' | 'manual'
    affiliateId: number | null
    userId: number | null
    registeredAt: number | null
    depositedAt: number | null
    ftdAt: number | null
    lastAccessAt: number | null
    status: string
    managerId: number | null
  }) {
    const id = nextId('leads')
    // Who works it: sales agents the sales desk (a quarter still in the intake pool), retention agents theirs.
    const agentId =
      (l.group === 'sales' && dice.chance(0.75)) ||
      (l.group !== null && l.group !== 'sales' && dice.chance(0.7))
        ? dice.pick(salesAgents)
        : null
    const retAgentId =
      l.group === 'retentions' && dice.chance(0.85) ? dice.pick(retentionAgents) : null
    const worker = retAgentId ?? agentId
    const managerId = worker ? (teamOf.get(worker) ?? null) : l.managerId
    const reference = l.affiliateId ? `AFF-${l.affiliateId}-${1000 + id}` : null
    rows.leads.push({
      id,
      first_name: l.first,
      last_name: l.last,
      email: l.email,
      phone: l.phone,
      city: l.city,
      country: l.country,
      funnel_link:
        l.source === 'live'
          ? `https://landing.example.com/${dice.pick(['gold', 'crypto', 'fx-start'])}`
          : null,
      reference,
      lead_source_id: l.source === 'live' ? `SRC-${dice.int(100, 999)}` : null,
      sales_status_id: ctx.statuses[l.status] ?? null,
      group: l.group,
      source: l.source,
      affiliate_id: l.affiliateId,
      manager_id: managerId,
      agent_id: agentId,
      ret_agent_id: retAgentId,
      user_id: l.userId,
      registered_at: l.registeredAt === null ? null : sql(l.registeredAt),
      deposited_at: l.depositedAt === null ? null : sql(l.depositedAt),
      ftd_at: l.ftdAt === null ? null : sql(l.ftdAt),
      last_access_at: l.lastAccessAt === null ? null : sql(l.lastAccessAt),
      created_at: sql(l.created),
      updated_at: sql(l.created),
    })
    const author = worker ?? managerId
    if (!author || l.status === 'New' || !dice.chance(0.8)) return
    const notes = l.group === 'retentions' ? P.RETENTION_NOTES : P.SALES_NOTES
    let t = l.created
    for (let k = dice.int(1, 3); k > 0; k--) {
      t += dice.int(1, 60) * HOUR
      if (t >= nowMs) break
      if (dice.chance(0.6)) {
        const started = dice.chance(0.75)
        rows.lead_calls.push({
          id: nextId('lead_calls'),
          lead_id: id,
          user_id: author,
          agent_email: emailOf.get(author) ?? 'agent@demo.test',
          result: started ? 'started' : 'failed',
          message: started ? VOISO_MESSAGES.started : dice.pick(P.CALL_FAILURES),
          provider_call_id: started ? `demo-call-${id}-${k}` : null,
          created_at: sql(t),
        })
      }
      rows.lead_notes.push({
        id: nextId('lead_notes'),
        lead_id: id,
        user_id: author,
        content: dice.pick(notes),
        created_at: sql(t + 5 * 60_000),
      })
    }
  }

  /* Ids in time order for what is listed newest first; references filled in once known. */
  for (const table of ['orders', 'deposits', 'withdrawals'] as const) {
    rows[table].sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)))
    for (const row of rows[table]) row.id = nextId(table)
  }
  for (const row of rows.deposits) {
    row.tx_ref = `demo-${row.id}`
    if (row.status !== 'pending' && row.decided_by_id === null)
      row.provider_reference = `${row.gateway}-demo-${row.id}`
  }
  ledger.sort((a, b) => a.at - b.at) // stable: a wallet's entries keep their order
  for (const entry of ledger) {
    const refId = entry.ref ? (entry.ref.row.id as number) : null
    entry.row.id = nextId('ledger_entries')
    entry.row.reference_id = refId
    entry.row.description = String(entry.row.description).replace('{id}', String(refId))
    rows.ledger_entries.push(entry.row)
  }
  return rows

  function userRow(
    id: number,
    fullName: string,
    email: string,
    roleId: number,
    created: number,
    lastAccess: number
  ): Row {
    return {
      id,
      full_name: fullName,
      email,
      password: ctx.passwordHash,
      role_id: roleId,
      is_email_verified: true,
      email_verified_at: sql(created),
      is_active: true,
      pricing_table_id: null,
      active_balance_id: null,
      promo_code_id: null,
      last_access_at: sql(lastAccess),
      created_at: sql(created),
      updated_at: sql(created),
    }
  }

  function profileRow(id: number, userId: number, managerId: number | null, created: number): Row {
    return {
      id,
      user_id: userId,
      phone: null,
      birth_date: null,
      country: null,
      city: null,
      address: null,
      postal_code: null,
      manager_id: managerId,
      created_at: sql(created),
      updated_at: sql(created),
    }
  }

  function kycRow(
    id: number,
    userId: number,
    type: string,
    created: number,
    d: { status: string; reason: string | null; reviewedAt: number | null }
  ): Row {
    return {
      id,
      user_id: userId,
      type,
      front_path: KYC_PLACEHOLDERS.front,
      back_path: KYC_PLACEHOLDERS.back,
      address_path: KYC_PLACEHOLDERS.address,
      status: d.status,
      decline_reason: d.reason,
      reviewed_by_id: d.reviewedAt === null ? null : ctx.staff.admin,
      reviewed_at: d.reviewedAt === null ? null : sql(d.reviewedAt),
      created_at: sql(created),
      updated_at: sql(d.reviewedAt ?? created),
    }
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * What `DateTime.fromMillis(ms).toSQL({ includeOffset: false })` writes (the
 * process zone, as the app's own timestamps), without Luxon's cost: the plan
 * formats some twenty thousand of them.
 */
export function sqlTimestamp(ms: number): string {
  const d = new Date(ms)
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  )
}
