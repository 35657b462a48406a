import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import SalesStatus from '#models/sales_status'
import { Roles } from '#domain/roles'
import {
  API_IDEMPOTENCY_KEY,
  idempotencyKeyOf,
  LEAD_API_MAX_BODY_BYTES,
  LEAD_API_MESSAGES as M,
  presentedKey,
} from '#domain/lead_api'
import { intakeLeadValidator } from '#validators/lead_api'
import { intakeLead, IdempotencyConflict } from '#actions/affiliates/intake_lead'
import {
  badKeyWait,
  countBadKey,
  principalOf,
  takeApiRequest,
  type ApiPrincipal,
} from '#services/lead_api_auth'
import { findVisibleLead } from '#queries/lead_visibility'
import { refusedAddress } from '#services/address_whitelist'
import { ADDRESS_REFUSED_MESSAGE } from '#exceptions/address_refused_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

type FieldError = { field: string; message: string }

/**
 * The lead-intake API (issue 14 item 6): machine-to-machine, no session and
 * no CSRF token (config/shield.ts), authenticated by the key in
 * `Authorization: Bearer`. Every answer is JSON `{ message, errors }` on a
 * refusal; public/api/lead-intake.openapi.json documents it.
 */
export default class LeadIntakeController {
  /** POST /api/v1/leads */
  async store({ request, response }: HttpContext) {
    const principal = await authenticate(request, response)
    if (!principal) return
    if (!(await withinBudget(principal, response))) return

    const raw = request.raw()
    if (raw !== null && Buffer.byteLength(raw) > LEAD_API_MAX_BODY_BYTES) {
      return refuse(response, 413, M.tooLarge)
    }
    const body = request.body()
    if (!request.is(['json']) || raw === null || !isPlainObject(safeParse(raw))) {
      return refuse(response, 415, M.notJson)
    }
    const header = request.header('idempotency-key')
    if (header !== undefined && !API_IDEMPOTENCY_KEY.test(header)) {
      return refuse(response, 422, M.badIdempotencyKey, [
        { field: 'Idempotency-Key', message: M.badIdempotencyKey },
      ])
    }
    let lead
    try {
      lead = await intakeLeadValidator.validate(body)
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      const errors = (error.messages as FieldError[]).map(({ field, message }) => ({
        field,
        message,
      }))
      return refuse(response, 422, errors[0]?.message ?? 'Invalid lead', errors)
    }
    try {
      const answer = await intakeLead(
        principal,
        lead,
        idempotencyKeyOf(header, lead.reference ?? null)
      )
      if (answer.replayed) response.header('Idempotent-Replayed', 'true')
      return response.status(answer.status).json(answer.body)
    } catch (error) {
      if (error instanceof IdempotencyConflict) return refuse(response, 409, error.message)
      throw error
    }
  }

  /** GET /api/v1/leads/:id — an affiliate's own lead: status, registration and first deposit. */
  async show({ request, response, params }: HttpContext) {
    const principal = await authenticate(request, response)
    if (!principal) return
    if (!(await withinBudget(principal, response))) return
    if (principal.kind !== 'affiliate') return refuse(response, 403, M.siteKeyCannotRead)
    try {
      const lead = await findVisibleLead(
        { id: principal.affiliateId, roleId: Roles.AFFILIATE },
        params.id
      )
      const status = lead.salesStatusId ? await SalesStatus.find(lead.salesStatusId) : null
      return response.json({
        id: lead.id,
        reference: lead.reference,
        leadSourceId: lead.leadSourceId,
        email: lead.email,
        status: status?.status ?? null,
        registered: lead.registeredAt !== null || lead.userId !== null,
        registeredAt: lead.registeredAt?.toISO() ?? null,
        ftd: lead.ftdAt !== null,
        ftdAt: lead.ftdAt?.toISO() ?? null,
        createdAt: lead.createdAt.toISO(),
      })
    } catch (error) {
      if (error instanceof NotFoundException) return refuse(response, 404, M.notFound)
      throw error
    }
  }
}

function refuse(
  response: HttpContext['response'],
  status: number,
  message: string,
  errors: FieldError[] = []
) {
  return response.status(status).json({ message, errors })
}

async function authenticate(
  request: HttpContext['request'],
  response: HttpContext['response']
): Promise<ApiPrincipal | null> {
  const key = presentedKey({
    authorization: request.header('authorization'),
    apiKey: request.header('x-api-key'),
  })
  const ip = request.ip()
  // An address blocked for wrong keys keeps its affiliates' valid keys working (a neighbour's
  // script must not stop their leads); only the guessable site key and wrong keys wait.
  const wait = key ? await badKeyWait(ip) : null
  const principal = key ? await principalOf(key, { siteKey: wait === null }) : null
  if (!principal) {
    if (wait !== null) {
      response.header('Retry-After', String(wait))
      refuse(response, 429, M.tooManyBadKeys)
      return null
    }
    if (key) await countBadKey(ip)
    response.header('WWW-Authenticate', 'Bearer')
    refuse(response, 401, key ? M.badKey : M.noKey)
    return null
  }
  // The key speaks for its affiliate: their IP whitelist holds for it as for their session.
  if (
    principal.kind === 'affiliate' &&
    (await refusedAddress(
      { id: principal.affiliateId, roleId: Roles.AFFILIATE },
      ip,
      request.url(false)
    ))
  ) {
    refuse(response, 403, ADDRESS_REFUSED_MESSAGE)
    return null
  }
  return principal
}

async function withinBudget(principal: ApiPrincipal, response: HttpContext['response']) {
  const retryAfter = await takeApiRequest(principal)
  if (retryAfter === null) return true
  response.header('Retry-After', String(retryAfter))
  refuse(response, 429, M.tooMany)
  return false
}

function safeParse(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

function isPlainObject(value: unknown) {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
