import db from '@adonisjs/lucid/services/db'
import ExternalPayment from '#models/external_payment'
import { isStorableId } from '#domain/ids'
import { deletePublicFile } from '#services/public_files'
import { NotFoundException } from '#exceptions/not_found_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { externalPaymentAudit } from '#actions/external_payments/create_external_payment'

/**
 * Deletes an external payment and then its logo. Of two deletes at once one
 * removes the row; the other finds nothing (404). The audit row keeps what
 * the payment held.
 */
export async function deleteExternalPayment({
  id,
  ...by
}: { id: number } & StaffContext): Promise<void> {
  if (!isStorableId(id)) throw new NotFoundException()
  const logoPath = await db.transaction(async (trx) => {
    const payment = await ExternalPayment.query({ client: trx }).where('id', id).forUpdate().first()
    if (!payment) throw new NotFoundException()
    const deleted = await trx.from('external_payments').where('id', id).delete()
    if (Number(Array.isArray(deleted) ? deleted[0] : deleted) !== 1) throw new NotFoundException()
    await recordStaffAction(trx, {
      ...by,
      action: 'external_payment.delete',
      target: { type: 'external_payment', id },
      before: externalPaymentAudit(payment),
    })
    return payment.logoPath
  })
  await deletePublicFile(logoPath)
}
