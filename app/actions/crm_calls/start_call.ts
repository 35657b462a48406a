import db from '@adonisjs/lucid/services/db'
import LeadCall from '#models/lead_call'
import settings from '#services/settings_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { VoisoClient, VoisoError, voisoConfig } from '#services/voiso_client'
import { takeCallAttempt } from '#services/voiso_throttles'
import { findVisibleLead } from '#queries/lead_visibility'
import { hasPhone, voisoNumber, VOISO_MESSAGES as M } from '#domain/voiso'
import { AGENT_ROLES, type RoleId } from '#domain/roles'
import { UserFacingException } from '#exceptions/user_facing_exception'

export interface StartCallInput extends StaffContext {
  staff: { id: number; roleId: number; email: string }
  leadId: number
  agentEmail: string
}

/**
 * POST /admin/crm/voiso/startCall (CRM spec §2.3, §5, §7): asks Voiso to
 * ring the lead's number on the chosen agent's Agent Panel. The number comes
 * from the lead itself (an agent who may not see it can still call it); the
 * lead must be one the caller sees (else 404). With showUserInfoAgent off,
 * sales and retention agents call only as themselves. Every attempt that
 * reaches for Voiso is kept in `lead_calls` (started or failed, with Voiso's
 * message and call id) with its audit row, in one transaction; refusals
 * before that (404, no phone, not configured, throttled) record nothing.
 */
export async function startCall(input: StartCallInput) {
  const lead = await findVisibleLead(
    { id: input.staff.id, roleId: input.staff.roleId as RoleId },
    input.leadId
  )
  if (!hasPhone(lead.phone)) throw new UserFacingException(M.noPhone, { status: 422 })
  const number = voisoNumber(lead.phone)
  if (!number) throw new UserFacingException(M.badPhone, { status: 422 })

  const agentEmail = input.agentEmail
  const site = await settings.site()
  if (
    !site.switches.showUserInfoAgent &&
    AGENT_ROLES.includes(input.staff.roleId as RoleId) &&
    agentEmail.toLowerCase() !== input.staff.email.toLowerCase()
  ) {
    throw new UserFacingException(M.ownEmailOnly, { status: 403, field: 'agentEmail' })
  }

  const config = await voisoConfig()
  if (!config) throw new UserFacingException(M.notConfigured, { status: 422 })

  await takeCallAttempt(input.staff.id)

  let outcome: { result: 'started' | 'failed'; message: string; callId: string | null }
  let failure: VoisoError | null = null
  try {
    const { callId } = await new VoisoClient(config).click2call({
      agent: agentEmail,
      number,
      accountId: String(lead.id),
    })
    outcome = { result: 'started', message: M.started, callId }
  } catch (error) {
    if (!(error instanceof VoisoError)) throw error
    failure = error
    outcome = { result: 'failed', message: error.message, callId: null }
  }

  await db.transaction(async (trx) => {
    const call = await LeadCall.create(
      {
        leadId: lead.id,
        userId: input.staff.id,
        agentEmail,
        result: outcome.result,
        message: outcome.message.slice(0, 255),
        providerCallId: outcome.callId,
      },
      { client: trx }
    )
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.call',
      target: { type: 'lead', id: lead.id },
      after: {
        callId: call.id,
        agentEmail,
        result: outcome.result,
        message: outcome.message,
        providerCallId: outcome.callId,
      },
    })
  })

  if (failure) throw new UserFacingException(failure.message, { status: statusFor(failure) })
  return { message: M.started }
}

/** The answer to staff for a Voiso failure: its refusal of this call 422, its rate limit 429, the rest 502 (a provider problem). */
export function statusFor(error: VoisoError): number {
  switch (error.failure) {
    case 'refused':
      return 422
    case 'rate_limited':
      return 429
    default:
      return 502
  }
}
