import { reviewKycDocument } from '#actions/kyc/review_kyc_document'

export interface DeclineKycInput {
  documentId: number
  reviewerId: number
  declineReason: string
}

/** Declines a KYC document with a reason, once; the customer is notified ('KYC declined' with the reason). */
export function declineKycDocument(input: DeclineKycInput) {
  return reviewKycDocument({ ...input, status: 'declined' })
}
