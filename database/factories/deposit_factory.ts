import { randomUUID } from 'node:crypto'
import factory from '@adonisjs/lucid/factories'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Deposit from '#models/deposit'
import PaymentGateway from '#models/payment_gateway'
import { postEntry } from '#services/ledger_service'
import { money, toDbDecimal } from '#domain/money'
import { UserFactory } from '#database/factories/user_factory'
import {
  fillPaymentRowFigures,
  inFactoryTransaction,
} from '#database/factories/payment_row_figures'

/**
 * A deposit on its owner's real wallet: `pending` by default (nothing
 * credited, as a deposit awaiting its provider or staff), `approved` (the
 * amount credited through the ledger as a 'deposit' entry referencing the
 * row, with `balanceAfter` set, so the ledger invariant holds) or `declined`
 * (nothing moves). Merge `userId` for a given owner (else a new customer is
 * made), `gateway`, `amount` and `fee` as decimal strings (`total` is always
 * amount + fee), `decidedById` for the deciding staff member.
 */
export const DepositFactory = factory
  .define(Deposit, ({ faker }) => ({
    gateway: 'bank',
    amount: faker.finance.amount({ min: 10, max: 2000, dec: 2 }),
    fee: '0.00',
    description: null,
    status: 'pending' as const,
    balanceAfter: null,
    decidedById: null,
    decidedAt: null,
    txRef: randomUUID(),
    providerReference: null,
    paymentLink: null,
    proofPath: null,
  }))
  .state('pending', (deposit) => void (deposit.status = 'pending'))
  .state('approved', (deposit) => {
    deposit.status = 'approved'
    deposit.decidedAt = DateTime.now()
  })
  .state('declined', (deposit) => {
    deposit.status = 'declined'
    deposit.decidedAt = DateTime.now()
  })
  .before('create', async (_, deposit, ctx) => {
    const client = ctx.$trx ? { client: ctx.$trx } : undefined
    if (!deposit.userId) deposit.userId = (await UserFactory.useCtx(ctx).create()).id
    await fillPaymentRowFigures(deposit, client)
    if (deposit.description === null) {
      const row = await PaymentGateway.query(client).where('value', deposit.gateway).first()
      deposit.description = `Deposit via ${row?.name ?? deposit.gateway}`
    }
  })
  .after('create', async (_, deposit, { $trx }) => {
    if (deposit.status !== 'approved') return
    // Credited as settling it credits (app/actions/deposits/settle_deposit.ts).
    const credit = async (trx: TransactionClientContract) => {
      const entry = await postEntry(trx, {
        balanceId: deposit.balanceId,
        type: 'deposit',
        amount: money(deposit.amount),
        description: `Deposit #${deposit.id} (${deposit.gateway})`,
        referenceType: 'deposit',
        referenceId: deposit.id,
        createdById: deposit.decidedById,
      })
      deposit.balanceAfter = toDbDecimal(entry.balanceAfter)
      deposit.useTransaction(trx)
      await deposit.save()
    }
    await inFactoryTransaction($trx, credit)
  })
  .build()
