import factory from '@adonisjs/lucid/factories'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import User from '#models/user'
import Withdrawal from '#models/withdrawal'
import { holdFunds, postEntry } from '#services/ledger_service'
import { money, toDbDecimal } from '#domain/money'
import { bankDescription } from '#domain/withdrawals'
import { UserFactory } from '#database/factories/user_factory'
import {
  fillPaymentRowFigures,
  inFactoryTransaction,
} from '#database/factories/payment_row_figures'

/**
 * A bank withdrawal from its owner's real wallet, its money where the
 * withdrawal actions would have left it:
 * - `pending` (default): amount + fee on hold, as a request puts it
 *   (app/actions/withdrawals/request_withdrawal.ts), so staff can approve or
 *   decline it through the app; refused if the wallet's free balance is short;
 * - `approved`: no hold; the amount ('withdrawal') and the fee ('fee') taken
 *   through the ledger, referencing the row, with `balanceAfter` set, as
 *   approval does; refused if the wallet cannot pay it;
 * - `declined`: no hold, nothing moved, a decline reason.
 * Merge `userId` for a given owner (else a new `funded` customer is made),
 * `amount` and `fee` as decimal strings (`total` is always amount + fee),
 * `decidedById`, or `description` (default: bank details in the owner's name).
 */
export const WithdrawalFactory = factory
  .define(Withdrawal, ({ faker }) => ({
    gateway: 'bank',
    amount: faker.finance.amount({ min: 10, max: 1000, dec: 2 }),
    fee: '0.00',
    description: null,
    status: 'pending' as const,
    balanceAfter: null,
    decidedById: null,
    decidedAt: null,
    declineReason: null,
  }))
  .state('pending', (withdrawal) => void (withdrawal.status = 'pending'))
  .state('approved', (withdrawal) => {
    withdrawal.status = 'approved'
    withdrawal.decidedAt = DateTime.now()
  })
  .state('declined', (withdrawal) => {
    withdrawal.status = 'declined'
    withdrawal.decidedAt = DateTime.now()
    withdrawal.declineReason = 'The account details do not match'
  })
  .before('create', async (_, withdrawal, ctx) => {
    const { faker } = ctx
    const client = ctx.$trx ? { client: ctx.$trx } : undefined
    const owner = withdrawal.userId
      ? await User.findOrFail(withdrawal.userId, client)
      : await UserFactory.useCtx(ctx).apply('funded').create()
    withdrawal.userId = owner.id
    await fillPaymentRowFigures(withdrawal, client)
    if (withdrawal.description === null) {
      withdrawal.description = bankDescription({
        bankName: `${faker.company.name()} Bank`,
        accountName: owner.fullName,
        accountNumber: faker.finance.iban({ formatted: false }),
        swiftCode: faker.finance.bic(),
        bankCountry: faker.location.country(),
      })
    }
  })
  .after('create', async (_, withdrawal, { $trx }) => {
    if (withdrawal.status === 'declined') return
    const move = async (trx: TransactionClientContract) => {
      if (withdrawal.status === 'pending') {
        await holdFunds(trx, withdrawal.balanceId, withdrawal.total, {
          insufficientMessage: `WithdrawalFactory: wallet ${withdrawal.balanceId} cannot hold ${withdrawal.total} (fund its owner first)`,
        })
        return
      }
      const reference = {
        referenceType: 'withdrawal',
        referenceId: withdrawal.id,
        createdById: withdrawal.decidedById,
        requireFreeAtLeast: 0,
        insufficientMessage: `WithdrawalFactory: wallet ${withdrawal.balanceId} cannot pay ${withdrawal.total} (fund its owner first)`,
      }
      let entry = await postEntry(trx, {
        balanceId: withdrawal.balanceId,
        type: 'withdrawal',
        amount: money(withdrawal.amount).negated(),
        description: `Withdrawal #${withdrawal.id} (${withdrawal.gateway})`,
        ...reference,
      })
      if (money(withdrawal.fee).greaterThan(0)) {
        entry = await postEntry(trx, {
          balanceId: withdrawal.balanceId,
          type: 'fee',
          amount: money(withdrawal.fee).negated(),
          description: `Withdrawal #${withdrawal.id} fee`,
          ...reference,
        })
      }
      withdrawal.balanceAfter = toDbDecimal(entry.balanceAfter)
      withdrawal.useTransaction(trx)
      await withdrawal.save()
    }
    await inFactoryTransaction($trx, move)
  })
  .build()
