import PaymentGateway from '#models/payment_gateway'
import { isGatewayOffered, isGatewayValue } from '#domain/gateways'
import type { GatewaySettings } from '#services/payments/types'

/** The gateways customers are offered now (configured, and active where the kind has a switch). */
export async function offeredGateways(): Promise<PaymentGateway[]> {
  const rows = await PaymentGateway.query().orderBy('id', 'asc')
  return rows.filter((row) => isGatewayOffered(row))
}

/** The gateway row named by `value` when customers may use it now; null otherwise. */
export async function findOfferedGateway(value: string): Promise<PaymentGateway | null> {
  if (!isGatewayValue(value)) return null
  const row = await PaymentGateway.findBy('value', value)
  return row && isGatewayOffered(row) ? row : null
}

/** A gateway row as the adapters read it (secrets included: server side only). */
export function settingsOf(row: PaymentGateway): GatewaySettings {
  if (!isGatewayValue(row.value)) throw new Error(`Unknown gateway kind ${row.value}`)
  return {
    value: row.value,
    name: row.name,
    key1: row.key1,
    key2: row.key2,
    key3: row.key3,
    key4: row.key4,
    key5: row.key5,
  }
}
