import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import ExternalPayment from '#models/external_payment'
import { isStorableId } from '#domain/ids'
import { deletePublicFile, storePublicImage } from '#services/public_files'
import { NotFoundException } from '#exceptions/not_found_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import {
  externalPaymentAudit,
  type ExternalPaymentFields,
} from '#actions/external_payments/create_external_payment'

export interface UpdateExternalPaymentInput extends ExternalPaymentFields, StaffContext {
  id: number
  /** A new logo replaces the stored one; without it the logo stays. */
  logo?: MultipartFile
}

/**
 * Edits an external payment. A new logo is stored before the row is written
 * (the row locked, so two edits do not both keep the same old file), and the
 * replaced logo is removed only after the commit. The audit row (the fields
 * that changed) is written in the same transaction.
 */
export async function updateExternalPayment(
  input: UpdateExternalPaymentInput
): Promise<ExternalPayment> {
  if (!isStorableId(input.id)) throw new NotFoundException()
  const stored = input.logo ? await storePublicImage(input.logo, 'external-payments', 'logo') : null

  let replaced: string | null = null
  try {
    const row = await db.transaction(async (trx) => {
      const payment = await ExternalPayment.query({ client: trx })
        .where('id', input.id)
        .forUpdate()
        .first()
      if (!payment) throw new NotFoundException()
      const before = externalPaymentAudit(payment)
      payment.merge({
        name: input.name,
        link: input.link,
        customLabel: input.customLabel || null,
        customValue: input.customValue || null,
      })
      if (stored) {
        replaced = payment.logoPath
        payment.logoPath = stored
      }
      await payment.save()
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'external_payment.update',
        target: { type: 'external_payment', id: payment.id },
        before,
        after: externalPaymentAudit(payment),
      })
      return payment
    })
    await deletePublicFile(replaced)
    return row
  } catch (error) {
    await deletePublicFile(stored)
    throw error
  }
}
