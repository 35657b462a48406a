import db from '@adonisjs/lucid/services/db'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Roles, type RoleId } from '#domain/roles'
import { parseId } from '#domain/ids'
import Lead from '#models/lead'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface LeadViewer {
  id: number
  roleId: RoleId
}

/** The agents of the teams a manager runs. */
function membersOfTeamsRunBy(managerId: number) {
  return db
    .from('team_members')
    .join('teams', 'teams.id', 'team_members.team_id')
    .where('teams.user_id', managerId)
    .select('team_members.user_id')
}

/**
 * Narrows a query on `leads` to the rows a staff member may see (issue 13
 * item 1): an admin all; a manager the leads they manage, those worked by an
 * agent of one of their teams, and the unassigned ones; an affiliate those
 * they brought; a sales agent those assigned to them; a retention agent those
 * they retain. Anyone else sees nothing. Every lead read, write, note and
 * call goes through this, so another desk's lead answers 404.
 */
export function visibleLeads<Query extends ChainableContract>(
  query: Query,
  viewer: LeadViewer
): Query {
  switch (viewer.roleId) {
    case Roles.ADMIN:
      return query
    case Roles.MANAGER:
      return query.where((mine) => {
        mine
          .where('leads.manager_id', viewer.id)
          .orWhereIn('leads.agent_id', membersOfTeamsRunBy(viewer.id))
          .orWhereIn('leads.ret_agent_id', membersOfTeamsRunBy(viewer.id))
          .orWhere((unassigned) => {
            unassigned
              .whereNull('leads.manager_id')
              .whereNull('leads.agent_id')
              .whereNull('leads.ret_agent_id')
          })
      })
    case Roles.AFFILIATE:
      return query.where('leads.affiliate_id', viewer.id)
    case Roles.SALES_AGENT:
      return query.where('leads.agent_id', viewer.id)
    case Roles.RETENTION_AGENT:
      return query.where('leads.ret_agent_id', viewer.id)
    default:
      return query.whereRaw('1 = 0')
  }
}

/**
 * The lead an id names, if the viewer may see it; otherwise a 404, the same
 * answer as for an id that names nothing. `forUpdate` locks the row (PostgreSQL).
 */
export async function findVisibleLead(
  viewer: LeadViewer,
  idParam: unknown,
  options: { client?: TransactionClientContract; forUpdate?: boolean } = {}
): Promise<Lead> {
  const id = parseId(idParam)
  if (id === null) throw new NotFoundException()
  const query = Lead.query({ client: options.client }).where('leads.id', id)
  if (options.forUpdate) query.forUpdate()
  const lead = await visibleLeads(query, viewer).first()
  if (!lead) throw new NotFoundException()
  return lead
}
