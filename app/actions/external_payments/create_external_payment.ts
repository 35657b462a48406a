import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import ExternalPayment from '#models/external_payment'
import { deletePublicFile, storePublicImage } from '#services/public_files'
import { recordStaffAction, type StaffContext } from '#services/audit_log'

export interface ExternalPaymentFields {
  name: string
  link: string
  customLabel?: string | null
  customValue?: string | null
}

export interface CreateExternalPaymentInput extends ExternalPaymentFields, StaffContext {
  logo: MultipartFile
}

/**
 * Adds an external payment link (admin spec §2 External Payment list): the
 * logo is stored first, on the public disk; the row and its audit row are
 * written in one transaction.
 */
export async function createExternalPayment(
  input: CreateExternalPaymentInput
): Promise<ExternalPayment> {
  const logoPath = await storePublicImage(input.logo, 'external-payments', 'logo')
  try {
    return await db.transaction(async (trx) => {
      const payment = await ExternalPayment.create(
        {
          name: input.name,
          link: input.link,
          customLabel: input.customLabel || null,
          customValue: input.customValue || null,
          logoPath,
        },
        { client: trx }
      )
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'external_payment.create',
        target: { type: 'external_payment', id: payment.id },
        after: externalPaymentAudit(payment),
      })
      return payment
    })
  } catch (error) {
    await deletePublicFile(logoPath)
    throw error
  }
}

/** What the audit log compares of an external payment: every field staff can change. */
export function externalPaymentAudit(payment: ExternalPayment) {
  return {
    name: payment.name,
    link: payment.link,
    customLabel: payment.customLabel,
    customValue: payment.customValue,
    logo: payment.logoPath,
  }
}
