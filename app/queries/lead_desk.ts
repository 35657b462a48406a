import type { ChainableContract } from '@adonisjs/lucid/types/querybuilder'
import type { LeadList } from '#domain/crm'
import { listScope } from '#domain/lead_desks'

/** A list's desk as a condition on `leads` (or a table read as `leads` with the same columns). */
export function whereDesk<Query extends ChainableContract>(query: Query, list: LeadList): Query {
  const scope = listScope(list)
  if (scope.group === null) query.whereNull('leads.group')
  else query.where('leads.group', scope.group)
  if (scope.unassignedOnly) query.whereNull('leads.agent_id')
  return query
}
