import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import User from '#models/user'
import { likePattern, pageOf } from '#queries/paginate'
import { TEAM_MANAGER_ROLE, TEAM_MEMBER_ROLES } from '#domain/crm_config'
import { salesStatusRow, teamChoice, teamRow } from '#transformers/crm_config_transformer'

/**
 * GET /admin/crm-config/sales-statuses/api: the statuses, newest first (the
 * table sorts by id descending, CRM spec §2.2); `limit=999` gives them all,
 * as the lead pages' status choices.
 */
export function salesStatusPage(options: { page?: number; limit?: number; search?: string }) {
  const query = SalesStatus.query().orderBy('id', 'desc')
  if (options.search) {
    query.whereRaw('LOWER(status) LIKE ? ESCAPE ?', [
      likePattern(options.search.toLowerCase()),
      '\\',
    ])
  }
  return pageOf(query, options, salesStatusRow)
}

/** GET /admin/crm-config/teams/api: teams newest first with manager and members; search by name or code. */
export function teamPage(options: { page?: number; limit?: number; search?: string }) {
  const query = Team.query()
    .preload('user')
    .preload('members', (members) => members.orderBy('users.id', 'asc'))
    .orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(code) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  return pageOf(query, options, teamRow)
}

/** The team form's choices (CRM spec §2.11): managers (role 2, active) and agents (roles 5, 6), none deleted. */
export async function teamChoices() {
  const [managers, agents] = await Promise.all([
    User.query()
      .where('role_id', TEAM_MANAGER_ROLE)
      .where('is_active', true)
      .whereNull('deleted_at')
      .orderBy('full_name', 'asc'),
    User.query()
      .whereIn('role_id', [...TEAM_MEMBER_ROLES])
      .whereNull('deleted_at')
      .orderBy('full_name', 'asc'),
  ])
  return { managers: managers.map(teamChoice), agents: agents.map(teamChoice) }
}
