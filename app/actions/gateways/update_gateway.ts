import db from '@adonisjs/lucid/services/db'
import PaymentGateway from '#models/payment_gateway'
import { GATEWAY_FORMS, type GatewayValue } from '#domain/gateways'
import { deletePublicFile, storePublicImage } from '#services/public_files'
import type { GatewayPayload } from '#validators/gateways'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { money } from '#domain/money'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface UpdateGatewayInput extends StaffContext {
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
 * failure never leaves the row pointing at a missing file. The audit row
 * (secret slots masked) is written in the same transaction.
 */
export async function updateGateway({
  value,
  changes,
  ...by
}: UpdateGatewayInput): Promise<PaymentGateway & { value: GatewayValue }> {
  const form = GATEWAY_FORMS[value]
  const stored = changes.file ? await storePublicImage(changes.file, 'gateways', 'file') : null

  let replaced: string | null = null
  try {
    const row = await db.transaction(async (trx) => {
      const gateway = await PaymentGateway.query({ client: trx })
        .where('value', value)
        .forUpdate()
        .first()
      if (!gateway) throw new NotFoundException()
      const before = auditedFields(gateway)

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
      await recordStaffAction(trx, {
        ...by,
        action: 'gateway.update',
        target: { type: 'gateway', id: value },
        before,
        after: auditedFields(gateway),
        // The form's secret slots show in the log only as set or not set.
        secretFields: form.fields.filter((field) => field.secret).map((field) => field.slot),
      })
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

/** What the audit log compares of a gateway: every field staff can change. */
function auditedFields(gateway: PaymentGateway) {
  return {
    name: gateway.name,
    key1: gateway.key1,
    key2: gateway.key2,
    key3: gateway.key3,
    key4: gateway.key4,
    key5: gateway.key5,
    fee: money(gateway.fee).toFixed(),
    isActive: gateway.isActive,
    logo: gateway.logoPath,
  }
}
