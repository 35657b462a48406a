import db from '@adonisjs/lucid/services/db'
import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { Roles, type RoleId } from '#domain/roles'
import { parseId } from '#domain/ids'
import Lead from '#models/lead'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface LeadViewer {
  id: number
  roleId: RoleId
}

/** One part of what a viewer sees, as a condition on `leads`. */
export type LeadBranch = (query: ChainableContract) => void

/**
 * What a staff member may see of `leads` (issue 13 item 1), as conditions
 * that never overlap (so a count is the sum of each one's count, each read
 * from its own index: see migration 019): an admin all; a manager the leads
 * they manage, those worked by an agent of one of their teams, and the
 * unassigned ones; an affiliate those they brought; a sales agent those
 * assigned to them; a retention agent those they retain. Anyone else: none
 * (an empty list). Every lead read, write, note and call goes through this,
 * so another desk's lead answers 404.
 */
export async function leadBranches(
  viewer: LeadViewer,
  client: QueryClientContract = db.connection()
): Promise<LeadBranch[]> {
  switch (viewer.roleId) {
    case Roles.ADMIN:
      return [() => {}]
    case Roles.MANAGER:
      return managerBranches(viewer.id, await teamAgentsOf(viewer.id, client))
    case Roles.AFFILIATE:
      return [(q) => q.where('leads.affiliate_id', viewer.id)]
    case Roles.SALES_AGENT:
      return [(q) => q.where('leads.agent_id', viewer.id)]
    case Roles.RETENTION_AGENT:
      return [(q) => q.where('leads.ret_agent_id', viewer.id)]
    default:
      return []
  }
}

/** The agents (sales and retention) of the teams a manager runs. */
async function teamAgentsOf(managerId: number, client: QueryClientContract): Promise<number[]> {
  const rows = await client
    .from('team_members')
    .join('teams', 'teams.id', 'team_members.team_id')
    .where('teams.user_id', managerId)
    .distinct('team_members.user_id')
  return rows.map((row: { user_id: number }) => Number(row.user_id))
}

/**
 * A manager's view in four disjoint parts: managed by them; else worked by
 * one of their agents; else retained by one of their agents; else nobody's
 * (no manager, agent or retention agent).
 */
function managerBranches(managerId: number, agents: number[]): LeadBranch[] {
  const notTheirs = (q: ChainableContract) =>
    q.where((m) => m.whereNull('leads.manager_id').orWhereNot('leads.manager_id', managerId))
  const branches: LeadBranch[] = [(q) => q.where('leads.manager_id', managerId)]
  if (agents.length > 0) {
    branches.push(
      (q) => notTheirs(q.whereIn('leads.agent_id', agents)),
      (q) =>
        notTheirs(q.whereIn('leads.ret_agent_id', agents)).where((a) =>
          a.whereNull('leads.agent_id').orWhereNotIn('leads.agent_id', agents)
        )
    )
  }
  branches.push((q) =>
    q.whereNull('leads.manager_id').whereNull('leads.agent_id').whereNull('leads.ret_agent_id')
  )
  return branches
}

/** Narrows a query on `leads` to any of the branches (none: no rows). */
export function withinBranches<Query extends ChainableContract>(
  query: Query,
  branches: LeadBranch[]
): Query {
  if (branches.length === 0) return query.whereRaw('1 = 0')
  if (branches.length === 1) {
    branches[0](query)
    return query
  }
  return query.where((any) => {
    for (const branch of branches) any.orWhere((part) => branch(part))
  })
}

/**
 * The lead an id names, if the viewer may see it; otherwise a 404, the same
 * answer as for an id that names nothing. `forUpdate` locks the row (PostgreSQL).
 */
export async function findVisibleLead(
  viewer: LeadViewer,
  idParam: unknown,
  options: { client?: QueryClientContract; forUpdate?: boolean } = {}
): Promise<Lead> {
  const id = parseId(idParam)
  if (id === null) throw new NotFoundException()
  const branches = await leadBranches(viewer, options.client)
  const query = Lead.query({ client: options.client }).where('leads.id', id)
  if (options.forUpdate) query.forUpdate()
  const lead = await withinBranches(query, branches).first()
  if (!lead) throw new NotFoundException()
  return lead
}
