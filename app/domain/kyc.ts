/** KYC (customer spec §2 KYC, §9). */
export const KYC_DOCUMENT_TYPES = ['national_id', 'passport', 'driver_license'] as const
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number]

export const KYC_DOCUMENT_LABELS: Record<KycDocumentType, string> = {
  national_id: 'National ID',
  passport: 'Passport',
  driver_license: 'Driver License',
}

export type KycStatus = 'not_submitted' | 'pending' | 'approved' | 'declined'

/** The customer's KYC status is that of their latest submission. */
export function kycStatusOf(latest: { status: Exclude<KycStatus, 'not_submitted'> } | null): KycStatus {
  return latest ? latest.status : 'not_submitted'
}
