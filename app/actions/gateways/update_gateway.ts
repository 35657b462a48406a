import db from '@adonisjs/lucid/services/db'
import PaymentGateway from '#models/payment_gateway'
import { GATEWAY_FORMS, type GatewayValue } from '#domain/gateways'
import { deletePublicFile, storePublicImage } from '#services/public_files'
import type { GatewayPayload } from '#validators/gateways'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface UpdateGatewayInput {
  value: GatewayValue
  /** Validated by the kind's validator: only the fields its form has. */
  changes: GatewayPayload
}

/**
 * Staff configuring one gateway (admin spec §3 Payment gateway, §7 PUT
 * /admin/gateways/{name}). Shown fields take what was sent (blank clears);
 * a secret changes only when a new one is typed, or is erased when listed in
 * `clear`. A new file is stored first, the row is written with the row
 * locked, and only after the commit is the replaced file removed — so a
 * failure never leaves the row pointing at a missing file.
 */
export async function updateGateway({ value, changes }: UpdateGatewayInput): Promise<PaymentGateway & { value: GatewayValue }> {
  const form = GATEWAY_FORMS[value]
  const stored = changes.file ? await storePublicImage(changes.file, 'gateways', 'file') : null

  let replaced: string | null = null
  try {
    const row = await db.transaction(async (trx) => {
      const gateway = await PaymentGateway.query({ client: trx }).where('value', value).forUpdate().first()
      if (!gateway) throw new NotFoundException()

      if (changes.name !== undefined) gateway.name = changes.name
      for (const field of form.fields) {
        const sent = changes[field.slot]
        if (field.secret) {
          if (changes.clear?.includes(field.slot)) gateway[field.slot] = null
          else if (sent) gateway[field.slot] = sent
        } else if (sent !== undefined) {
          gateway[field.slot] = sent || null
        }
      }
      if (form.hasFee && changes.fee !== undefined) gateway.fee = changes.fee
      if (form.hasActive && changes.isActive !== undefined) gateway.isActive = changes.isActive

      if (stored || changes.removeFile) {
        replaced = gateway.logoPath
        gateway.logoPath = stored
      }
      await gateway.save()
      return gateway
    })
    await deletePublicFile(replaced)
    // Found by `value`, so its value is that kind.
    return row as PaymentGateway & { value: GatewayValue }
  } catch (error) {
    await deletePublicFile(stored)
    throw error
  }
}
