import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { VOISO_MESSAGES as M } from '#domain/voiso'
import { UserFacingException } from '#exceptions/user_facing_exception'

/**
 * Per staff member budgets in front of Voiso (limiter store: memory, or
 * Redis with REDIS_URL), so a double click or a script cannot flood the
 * contact centre: one call start per CALL_GAP_SECONDS and CALLS_PER_MINUTE a
 * minute; AGENT_LISTS_PER_MINUTE agent lists a minute. A refusal is 429 and
 * reaches no one (nothing is recorded: no call was attempted).
 */
export const VOISO_LIMITS = {
  callGapSeconds: 3,
  callsPerMinute: 10,
  agentListsPerMinute: 30,
}

const keys = {
  gap: (staffId: number) => `voiso_call_gap_${staffId}`,
  minute: (staffId: number) => `voiso_call_min_${staffId}`,
  agents: (staffId: number) => `voiso_agents_${staffId}`,
}

async function take(
  budget: { requests: number; duration: string },
  key: string,
  message: string,
  code: string
) {
  try {
    await limiter.use(budget).consume(key)
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      throw new UserFacingException(message, { status: 429, code })
    }
    throw error
  }
}

/** One call start of this staff member, or 429. */
export async function takeCallAttempt(staffId: number) {
  await take(
    { requests: 1, duration: `${VOISO_LIMITS.callGapSeconds} secs` },
    keys.gap(staffId),
    M.tooManyCalls,
    'E_TOO_MANY_CALLS'
  )
  await take(
    { requests: VOISO_LIMITS.callsPerMinute, duration: '1 min' },
    keys.minute(staffId),
    M.tooManyCalls,
    'E_TOO_MANY_CALLS'
  )
}

/** One agents list of this staff member, or 429. */
export async function takeAgentList(staffId: number) {
  await take(
    { requests: VOISO_LIMITS.agentListsPerMinute, duration: '1 min' },
    keys.agents(staffId),
    M.tooManyAgentLists,
    'E_TOO_MANY_AGENT_LISTS'
  )
}

/** Tests: lets the next call through the gap (the per-minute count stays). */
export async function clearCallGap(staffId: number) {
  await limiter
    .use({ requests: 1, duration: `${VOISO_LIMITS.callGapSeconds} secs` })
    .delete(keys.gap(staffId))
}
