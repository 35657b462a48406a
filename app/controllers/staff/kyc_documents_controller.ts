import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { listQueryValidator } from '#validators/lists'
import { kycDeclineValidator } from '#validators/kyc'
import { kycDocumentPage } from '#queries/kyc_documents'
import { approveKycDocument } from '#actions/kyc/approve_kyc_document'
import { declineKycDocument } from '#actions/kyc/decline_kyc_document'

/** KYC Documents (admin spec §2 KYC Documents, §7): the list, approve, decline. Role 1. */
export default class KycDocumentsController {
  /** GET /admin/kyc: the page; its rows come from /admin/kyc/api. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/kyc/index', {})
  }

  /** GET /admin/kyc/api?page&limit&search → { data, meta } */
  async list({ request }: HttpContext) {
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return kycDocumentPage(query)
  }

  /** POST /admin/kyc/:id/approve */
  async approve(ctx: HttpContext) {
    await ctx.bouncer.with('KycDocumentPolicy').authorize('review')
    await approveKycDocument({ documentId: Number(ctx.params.id), ...staffContext(ctx) })
    return ctx.response.ok({ message: 'Document approved successfully' })
  }

  /** POST /admin/kyc/:id/decline { declineReason } */
  async decline(ctx: HttpContext) {
    await ctx.bouncer.with('KycDocumentPolicy').authorize('review')
    const { declineReason } = await ctx.request.validateUsing(kycDeclineValidator)
    await declineKycDocument({
      documentId: Number(ctx.params.id),
      declineReason,
      ...staffContext(ctx),
    })
    return ctx.response.ok({ message: 'KYC declined successfully' })
  }
}
