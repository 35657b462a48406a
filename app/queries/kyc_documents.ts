import KycDocument from '#models/kyc_document'
import { likePattern, pageOf } from '#queries/paginate'
import { kycDocumentRow } from '#transformers/kyc_transformer'

/**
 * GET /admin/kyc/api: every submission, newest first, one page of them;
 * the search matches the customer's full name or e-mail, case-insensitively.
 */
export function kycDocumentPage(options: { page?: number; limit?: number; search?: string }) {
  const query = KycDocument.query().preload('user').orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.whereIn('user_id', (users) =>
      users
        .from('users')
        .select('id')
        .where((match) =>
          match
            .whereRaw('LOWER(full_name) LIKE ? ESCAPE ?', [pattern, '\\'])
            .orWhereRaw('LOWER(email) LIKE ? ESCAPE ?', [pattern, '\\'])
        )
    )
  }
  return pageOf(query, options, kycDocumentRow)
}

/** The latest submission of a customer (their KYC status is its status). */
export function latestKycDocument(userId: number) {
  return KycDocument.query().where('user_id', userId).orderBy('id', 'desc').first()
}
