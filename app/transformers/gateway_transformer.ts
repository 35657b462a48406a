import type PaymentGateway from '#models/payment_gateway'
import { GATEWAY_FORMS, isGatewayOffered, type GatewayValue, type KeySlot } from '#domain/gateways'
import { publicFileUrl } from '#services/public_files'

/**
 * One gateway as the staff grid and its form receive it. Shown fields carry
 * their values; a secret carries only whether one is stored — its value
 * never leaves the server. Fee and the active switch are null for kinds
 * whose form has none.
 */
export function gatewayCard(row: PaymentGateway & { value: GatewayValue }) {
  const form = GATEWAY_FORMS[row.value]
  const values: Partial<Record<KeySlot, string | null>> = {}
  const secretsSet: Partial<Record<KeySlot, boolean>> = {}
  for (const field of form.fields) {
    if (field.secret) secretsSet[field.slot] = Boolean(row[field.slot])
    else values[field.slot] = row[field.slot] ?? null
  }
  const logoUrl = publicFileUrl(row.logoPath)
  return {
    id: row.id,
    value: row.value,
    name: row.name,
    kind: form.kind,
    fee: form.hasFee ? row.fee : null,
    isActive: form.hasActive ? row.isActive : null,
    /** Customers are offered it now (configured, and switched on where the kind has a switch). */
    offered: isGatewayOffered(row),
    logo: logoUrl ? { url: logoUrl } : null,
    values,
    secretsSet,
  }
}

export type GatewayCard = ReturnType<typeof gatewayCard>
