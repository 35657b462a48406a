import type ExternalPayment from '#models/external_payment'
import { publicFileUrl } from '#services/public_files'
import type { ExternalPaymentListRow } from '#domain/staff_lists/external_payments'

/** An external payment as the staff list and the customer's picker receive it (admin spec §3 External payment). */
export function externalPaymentRow(row: ExternalPayment): ExternalPaymentListRow {
  const url = publicFileUrl(row.logoPath)
  return {
    id: row.id,
    logo: url ? { url } : null,
    name: row.name,
    link: row.link,
    customLabel: row.customLabel,
    customValue: row.customValue,
  }
}
