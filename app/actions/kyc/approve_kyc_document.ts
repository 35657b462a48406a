import type { StaffContext } from '#services/audit_log'
import { reviewKycDocument } from '#actions/kyc/review_kyc_document'

export interface ApproveKycInput extends StaffContext {
  documentId: number
}

/** Approves a KYC document exactly once; the customer is notified ('KYC approved'). */
export function approveKycDocument(input: ApproveKycInput) {
  return reviewKycDocument({ ...input, status: 'approved' })
}
