import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { VoisoClient, VoisoError, voisoConfig } from '#services/voiso_client'
import { takeAgentList } from '#services/voiso_throttles'
import { startCall } from '#actions/crm_calls/start_call'
import { startCallValidator } from '#validators/crm_calls'
import { VOISO_MESSAGES as M } from '#domain/voiso'
import { UserFacingException } from '#exceptions/user_facing_exception'

/** Calls through Voiso (CRM spec §2.3 phone cell, §3 Agent, §7; issue 13 item 6). Roles 1, 2, 5, 6. */
export default class VoisoController {
  /** GET /admin/crm/voiso/agents → { agents: [{ email, ext, status }] } (status lower case, as Voiso sends it). */
  async agents(ctx: HttpContext) {
    const config = await voisoConfig()
    if (!config) throw new UserFacingException(M.notConfigured, { status: 422 })
    await takeAgentList(ctx.auth.getUserOrFail().id)
    try {
      return { agents: await new VoisoClient(config).agentsStatus() }
    } catch (error) {
      if (!(error instanceof VoisoError)) throw error
      // An agents list refused is Voiso's problem or ours (key), never the caller's: 502 unless rate limited.
      const status = error.failure === 'rate_limited' ? 429 : 502
      throw new UserFacingException(error.message, { status })
    }
  }

  /** POST /admin/crm/voiso/startCall { leadId, agentEmail } → { message: 'Call started successfully' } */
  async startCall(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(startCallValidator)
    const { staff, ip } = staffContext(ctx)
    return startCall({
      staff: { ...staff, email: ctx.auth.getUserOrFail().email },
      ip,
      leadId: payload.leadId,
      agentEmail: payload.agentEmail,
    })
  }
}
