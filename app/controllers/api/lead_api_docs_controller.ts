import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'
import { readFile } from 'node:fs/promises'

/** The OpenAPI document is read once and served as is. */
let document: Promise<string> | null = null
export const LEAD_API_DOCUMENT_PATH = 'resources/api/lead_intake.openapi.json'

export default class LeadApiDocsController {
  /** GET /api/v1/openapi.json — downloaded from the API Key page (CRM spec §2.4). */
  async show({ response }: HttpContext) {
    document ??= readFile(app.makePath(LEAD_API_DOCUMENT_PATH), 'utf8')
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', 'attachment; filename="lead-intake-api.openapi.json"')
    return response.send(await document)
  }
}
