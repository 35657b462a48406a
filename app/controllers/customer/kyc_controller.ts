import type { HttpContext } from '@adonisjs/core/http'
import { actingStaffOf } from '#services/acting_staff'
import { kycSubmissionValidator } from '#validators/kyc'
import { discardUploads } from '#services/kyc_files'
import { submitKycDocuments } from '#actions/kyc/submit_kyc_documents'
import { latestKycDocument } from '#queries/kyc_documents'
import { kycCard } from '#transformers/kyc_transformer'
import { KYC_MAX_FILE_MB } from '#domain/kyc'

/** The customer's KYC page and submission (customer spec §2 KYC, §7 POST /kyc). */
export default class KycController {
  /** GET /kyc: the form or the status card, from the latest submission. */
  async show({ inertia, auth }: HttpContext) {
    const latest = await latestKycDocument(auth.getUserOrFail().id)
    return inertia.render('customer/kyc', { kyc: kycCard(latest), maxFileMb: KYC_MAX_FILE_MB })
  }

  /** POST /kyc (multipart type, front, back, address) → { message } */
  async store(ctx: HttpContext) {
    const { request, auth, response } = ctx
    try {
      const { type, front, back, address } = await request.validateUsing(kycSubmissionValidator)
      await submitKycDocuments({
        userId: auth.getUserOrFail().id,
        type,
        files: { front, back, address },
        actingStaff: actingStaffOf(ctx),
      })
      return response.ok({ message: 'KYC submitted successfully' })
    } finally {
      // Refused or extra uploads leave no temporary files behind.
      await discardUploads(request.allFiles())
    }
  }
}
