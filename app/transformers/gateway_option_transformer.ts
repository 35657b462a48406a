import type PaymentGateway from '#models/payment_gateway'
import type ExternalPayment from '#models/external_payment'
import { publicFileUrl } from '#services/public_files'
import { GATEWAY_FORMS, isGatewayValue } from '#domain/gateways'
import { money } from '#domain/money'

/** A gateway in the customer's picker (customer spec §3 Gateway option): never its keys. */
export function gatewayOption(row: PaymentGateway) {
  return {
    value: row.value,
    name: row.name,
    /** Percent of the amount (§9). */
    fee: money(row.fee).toFixed(),
    kind: isGatewayValue(row.value) ? GATEWAY_FORMS[row.value].kind : 'automatic',
    logo: row.logoPath ? { url: publicFileUrl(row.logoPath)! } : null,
  }
}

/** An external payment link in the picker: opened in a new tab, with a value to copy. */
export function externalPaymentOption(row: ExternalPayment) {
  return {
    id: row.id,
    name: row.name,
    link: row.link,
    customLabel: row.customLabel,
    customValue: row.customValue,
    logo: row.logoPath ? { url: publicFileUrl(row.logoPath)! } : null,
  }
}

export type GatewayOption = ReturnType<typeof gatewayOption>
export type ExternalPaymentOption = ReturnType<typeof externalPaymentOption>
