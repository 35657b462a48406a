import { reviewKycDocument } from '#actions/kyc/review_kyc_document'

export interface ApproveKycInput {
  documentId: number
  reviewerId: number
}

/** Approves a KYC document exactly once; the customer is notified ('KYC approved'). */
export function approveKycDocument(input: ApproveKycInput) {
  return reviewKycDocument({ ...input, status: 'approved' })
}
