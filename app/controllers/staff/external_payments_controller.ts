import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { listQueryValidator } from '#validators/lists'
import {
  createExternalPaymentValidator,
  updateExternalPaymentValidator,
} from '#validators/external_payments'
import { externalPaymentPage, findExternalPaymentOrFail } from '#queries/external_payments'
import { externalPaymentRow } from '#transformers/external_payment_transformer'
import { createExternalPayment } from '#actions/external_payments/create_external_payment'
import { updateExternalPayment } from '#actions/external_payments/update_external_payment'
import { deleteExternalPayment } from '#actions/external_payments/delete_external_payment'
import { discardUploads } from '#services/kyc_files'

/** External Payments (admin spec §2 External Payment list, §3, §7). Role 1. */
export default class ExternalPaymentsController {
  /** GET /admin/externalPayments: the page; rows come from /admin/externalPayments/api. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/external_payments/index', {})
  }

  /** GET /admin/externalPayments/api?page&limit&search → { data, meta } */
  async list({ request }: HttpContext) {
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return externalPaymentPage(query)
  }

  /** POST /admin/externalPayments (multipart logo, name, link, customLabel, customValue) */
  async store(ctx: HttpContext) {
    const { request, response } = ctx
    try {
      const payload = await request.validateUsing(createExternalPaymentValidator)
      const payment = await createExternalPayment({ ...payload, ...staffContext(ctx) })
      return response.created({
        message: 'External payment added successfully',
        payment: externalPaymentRow(payment),
      })
    } finally {
      await discardUploads(request.allFiles())
    }
  }

  /** PUT /admin/externalPayments/:id (the same fields; logo optional) */
  async update(ctx: HttpContext) {
    const { request, params } = ctx
    try {
      await findExternalPaymentOrFail(Number(params.id))
      const payload = await request.validateUsing(updateExternalPaymentValidator)
      const payment = await updateExternalPayment({
        id: Number(params.id),
        ...payload,
        ...staffContext(ctx),
      })
      return {
        message: 'External payment updated successfully',
        payment: externalPaymentRow(payment),
      }
    } finally {
      await discardUploads(request.allFiles())
    }
  }

  /** DELETE /admin/externalPayments/:id */
  async destroy(ctx: HttpContext) {
    await deleteExternalPayment({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Payment deleted successfully' }
  }
}
