import { createReadStream } from 'node:fs'
import { mkdir, stat, unlink } from 'node:fs/promises'
import { randomBytes, randomUUID } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import { createWriteStream } from 'node:fs'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import {
  convertLeadValidator,
  createLeadValidator,
  updateLeadValidator,
} from '#validators/lead_admin'
import { createLead } from '#actions/leads/create_lead'
import { updateLead } from '#actions/leads/update_lead'
import { convertLead } from '#actions/leads/convert_lead'
import { deleteLead } from '#actions/leads/delete_lead'
import { importLeads } from '#actions/leads/import_leads'
import { CSV_EXAMPLE, CSV_MAX_BYTES } from '#domain/lead_intake'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { leadImportReportPath } from '#services/lead_import_reports'

/** A report's name: 32 URL-safe random characters (24 random bytes), unguessable. */
export const REPORT_NAME = /^[A-Za-z0-9_-]{32}$/

/** A staff member's import report: only their own folder is ever read for them. */
const reportPath = leadImportReportPath

export const UPLOAD_MESSAGES = {
  noFile: 'Choose a CSV file',
  tooLarge: 'The file must be at most 50 MB',
} as const

/**
 * Adding, editing, converting, deleting and importing leads (CRM spec §2.4,
 * §2.10, §3, §7, §8; issue 13 item 4). Every lead named by id is looked up
 * through `findVisibleLead` in the action: another desk's lead is a 404.
 */
export default class LeadAdminController {
  /** POST /admin/leads (firstName, lastName, email, phone, country, city, funnelLink, reference, leadStatus) */
  async store(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(createLeadValidator)
    const lead = await createLead({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({ message: 'Leads added successfully', id: lead.id })
  }

  /** PUT /admin/leads/:id (the §2.10 fields; roles 5 and 6 the status only) */
  async update(ctx: HttpContext) {
    const body = ctx.request.body()
    const sentFields =
      body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []
    const edit = await ctx.request.validateUsing(updateLeadValidator)
    const lead = await updateLead({ id: ctx.params.id, edit, sentFields, ...staffContext(ctx) })
    return { message: 'Lead edited successfully', id: lead.id }
  }

  /** POST /admin/leads/convertLeadToUser (id, password) */
  async convert(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(convertLeadValidator)
    const { user } = await convertLead({ ...payload, ...staffContext(ctx) })
    return { message: 'Lead converted successfully', userId: user.id }
  }

  /** DELETE /admin/leads/:id */
  async destroy(ctx: HttpContext) {
    await deleteLead({ id: ctx.params.id, ...staffContext(ctx) })
    return { message: 'Lead deleted successfully' }
  }

  /** GET /admin/leads/csv/example: the example file offered beside the upload field. */
  async example({ response }: HttpContext) {
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', 'attachment; filename="leads_example.csv"')
    response.header('Cache-Control', 'no-store')
    return response.send(CSV_EXAMPLE)
  }

  /**
   * POST /admin/leads/csv (multipart, `file`): processed here rather than by
   * the body parser (config/bodyparser.ts processManually), after the role
   * check, streamed to a temporary file under a 50 MB cap, then imported.
   */
  async upload(ctx: HttpContext) {
    const { request } = ctx
    const staff = staffContext(ctx)
    if (!request.is(['multipart/form-data']) || !request.multipart)
      throw new UserFacingException(UPLOAD_MESSAGES.noFile, { field: 'file' })

    const dir = app.tmpPath('lead_imports')
    await mkdir(dir, { recursive: true })
    const tmp = `${dir}/${randomUUID()}.csv`
    let received: { name: string } | null = null
    request.multipart.onFile('file', {}, async (part, reporter) => {
      if (received) {
        part.resume()
        return {}
      }
      received = { name: part.filename ?? 'leads.csv' }
      part.pause()
      part.on('data', reporter)
      await pipeline(part, createWriteStream(tmp, { mode: 0o600 }))
      return {}
    })
    try {
      try {
        await request.multipart.process({ limit: CSV_MAX_BYTES })
      } catch (error) {
        const status = (error as { status?: number }).status
        if (status === 413)
          throw new UserFacingException(UPLOAD_MESSAGES.tooLarge, { field: 'file' })
        if (status && status < 500)
          throw new UserFacingException(UPLOAD_MESSAGES.noFile, { field: 'file' })
        throw error
      }
      const file = received as { name: string } | null
      if (!file || !(await stat(tmp).catch(() => null)))
        throw new UserFacingException(UPLOAD_MESSAGES.noFile, { field: 'file' })

      const name = randomBytes(24).toString('base64url')
      const result = await importLeads({
        ...staff,
        path: tmp,
        reportPath: reportPath(staff.staff.id, name),
        fileName: file.name.slice(0, 200),
      })
      return {
        message: 'Leads added successfully',
        rows: result.rows,
        created: result.created,
        duplicates: result.duplicates,
        invalid: result.invalid,
        report: result.hasReport ? `/admin/leads/csv/report/${name}` : null,
      }
    } finally {
      await unlink(tmp).catch(() => undefined)
    }
  }

  /** GET /admin/leads/csv/report/:report: an import's error report, to its uploader only. */
  async report({ params, response, auth }: HttpContext) {
    const name = String(params.report)
    if (!REPORT_NAME.test(name)) throw new NotFoundException()
    const path = reportPath(auth.getUserOrFail().id, name)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) throw new NotFoundException()
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Length', String(info.size))
    response.header('Content-Disposition', 'attachment; filename="lead_import_errors.csv"')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Cache-Control', 'private, no-store')
    return response.stream(createReadStream(path))
  }
}
