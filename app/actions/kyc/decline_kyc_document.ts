import type { StaffContext } from '#services/audit_log'
import { reviewKycDocument } from '#actions/kyc/review_kyc_document'

export interface DeclineKycInput extends StaffContext {
  documentId: number
  declineReason: string
}

/** Declines a KYC document with a reason, once; the customer is notified ('KYC declined' with the reason). */
export function declineKycDocument(input: DeclineKycInput) {
  return reviewKycDocument({ ...input, status: 'declined' })
}
