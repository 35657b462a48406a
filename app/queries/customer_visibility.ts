import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { Roles } from '#domain/roles'
import { parseId } from '#domain/ids'
import User from '#models/user'
import { leadBranches, withinBranches, type LeadViewer } from '#queries/lead_visibility'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * Which customers (role 3, not deleted) a staff member may open (issue 14,
 * docs/DECISIONS.md "CRM: who may open a customer"): an admin every one; a
 * manager those whose profile names them as manager, and those whose lead
 * they see (`leadBranches`); a sales or retention agent those whose lead is
 * assigned to them (agent or retention agent). Nobody else any. The customer
 * list, the edit page, its tabs, login-as and the tracking channel all ask
 * this, so a customer outside it answers 404.
 */
export async function narrowToVisibleCustomers(
  query: ModelQueryBuilderContract<typeof User>,
  viewer: LeadViewer,
  client: QueryClientContract = db.connection()
): Promise<void> {
  query.where('users.role_id', Roles.CUSTOMER).whereNull('users.deleted_at')
  switch (viewer.roleId) {
    case Roles.ADMIN:
      return
    case Roles.MANAGER: {
      const branches = await leadBranches(viewer, client)
      const leadsSeen = withinBranches(
        client.from('leads').select('leads.user_id').whereNotNull('leads.user_id'),
        branches
      )
      const managed = client
        .from('profiles')
        .select('profiles.user_id')
        .where('profiles.manager_id', viewer.id)
      query.where((mine) => mine.whereIn('users.id', managed).orWhereIn('users.id', leadsSeen))
      return
    }
    case Roles.SALES_AGENT:
    case Roles.RETENTION_AGENT: {
      const column = viewer.roleId === Roles.SALES_AGENT ? 'agent_id' : 'ret_agent_id'
      query.whereIn(
        'users.id',
        client.from('leads').select('leads.user_id').where(`leads.${column}`, viewer.id)
      )
      return
    }
    default:
      query.whereRaw('1 = 0')
  }
}

/**
 * The customer an id names, if the viewer may open them; otherwise a 404,
 * the same answer as for an id that names nobody. `forUpdate` locks the row
 * (PostgreSQL).
 */
export async function findVisibleCustomer(
  viewer: LeadViewer,
  idParam: unknown,
  options: { client?: QueryClientContract; forUpdate?: boolean } = {}
): Promise<User> {
  const id = parseId(idParam)
  if (id === null) throw new NotFoundException()
  const query = User.query({ client: options.client }).where('users.id', id)
  if (options.forUpdate) query.forUpdate()
  await narrowToVisibleCustomers(query, viewer, options.client)
  const customer = await query.first()
  if (!customer) throw new NotFoundException()
  return customer
}
