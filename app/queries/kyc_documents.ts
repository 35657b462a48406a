import KycDocument from '#models/kyc_document'
import { pageOf, userMatching } from '#queries/paginate'
import { kycDocumentRow } from '#transformers/kyc_transformer'

/**
 * GET /admin/kyc/api: every submission, newest first, one page of them;
 * the search matches the customer's full name or e-mail, case-insensitively.
 */
export function kycDocumentPage(options: { page?: number; limit?: number; search?: string }) {
  const query = KycDocument.query().preload('user').orderBy('id', 'desc')
  if (options.search) query.whereIn('user_id', userMatching(options.search))
  return pageOf(query, options, kycDocumentRow)
}

/** The latest submission of a customer (their KYC status is its status). */
export function latestKycDocument(userId: number) {
  return KycDocument.query().where('user_id', userId).orderBy('id', 'desc').first()
}
