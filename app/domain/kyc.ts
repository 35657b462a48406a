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
export function kycStatusOf(
  latest: { status: Exclude<KycStatus, 'not_submitted'> } | null
): KycStatus {
  return latest ? latest.status : 'not_submitted'
}

/** The three files of a submission (customer spec §3): the form fields and their labels. */
export const KYC_SIDES = ['front', 'back', 'address'] as const
export type KycSide = (typeof KYC_SIDES)[number]

export const KYC_SIDE_LABELS: Record<KycSide, string> = {
  front: 'Front Side',
  back: 'Back Side',
  address: 'Address (Utility Bill)',
}

/** Each uploaded file may be at most this large (the spec gives no limit; a phone photo fits). */
export const KYC_MAX_FILE_MB = 5

/** A new submission is refused while the latest one is pending or approved (spec §4). */
export function canSubmitKyc(status: KycStatus) {
  return status === 'not_submitted' || status === 'declined'
}

/** Decline reasons are plain text (admin spec §5); this bounds what a row stores. */
export const KYC_DECLINE_REASON_MAX = 500

/** How a submission's state reads on the customer's KYC page and the staff list. */
export const KYC_STATUS_LABELS: Record<'pending' | 'approved' | 'declined', string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
}
