import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import Lead from '#models/lead'
import User from '#models/user'
import type { LeadGroup } from '#domain/crm'
import { bulkMoveRefusal } from '#domain/lead_desks'
import { Roles, type RoleId } from '#domain/roles'
import { leadBranches, withinBranches } from '#queries/lead_visibility'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

export type BulkChange = { group: LeadGroup } | { agentId: number } | { retId: number }

export interface BulkInput extends StaffContext {
  ids: number[]
  change: BulkChange
}

/**
 * The leads the ids name, each visible to the staff member, locked for the
 * change (PostgreSQL). One id the caller may not see (or that names nothing)
 * and the whole bulk is a 404: nothing moves.
 */
async function visibleLocked(trx: TransactionClientContract, input: BulkInput) {
  const viewer = { id: input.staff.id, roleId: input.staff.roleId as RoleId }
  const query = Lead.query({ client: trx })
    .select('leads.id', 'leads.group', 'leads.manager_id')
    .whereIn('leads.id', input.ids)
  if (trx.dialect.name === 'postgres') query.forUpdate()
  const leads = await withinBranches(query, await leadBranches(viewer, trx))
  if (leads.length !== input.ids.length) throw new NotFoundException()
  return leads
}

/**
 * PUT /admin/leads/bulk (CRM spec §4, §7): moves the leads to a desk along
 * the moves the spec allows and the caller's toolbar offers, or assigns them
 * a sales or retention agent (an active account of that role). All or
 * nothing, in one transaction with one audit row.
 */
export async function bulkUpdateLeads(input: BulkInput): Promise<{ count: number }> {
  const ids = [...new Set(input.ids)]
  const dedup = { ...input, ids }
  return db.transaction(async (trx) => {
    const leads = await visibleLocked(trx, dedup)
    const now = DateTime.now().toFormat(trx.dialect.dateTimeFormat)
    const change = input.change

    if ('group' in change) {
      const refusal = bulkMoveRefusal(
        input.staff.roleId as RoleId,
        change.group,
        leads.map((lead) => lead.group)
      )
      if (refusal) throw new UserFacingException(refusal, { field: 'data.group' })
      await trx.from('leads').whereIn('id', ids).update({ group: change.group, updated_at: now })
      await recordStaffAction(trx, {
        staff: input.staff,
        ip: input.ip,
        action: 'lead.bulk_move',
        target: { type: 'lead', id: null },
        after: { ids, count: ids.length, group: change.group },
      })
      return { count: ids.length }
    }

    const [column, roleId, field] =
      'agentId' in change
        ? (['agent_id', Roles.SALES_AGENT, 'data.agentId'] as const)
        : (['ret_agent_id', Roles.RETENTION_AGENT, 'data.retId'] as const)
    const agentId = 'agentId' in change ? change.agentId : change.retId
    const agent = await User.query({ client: trx })
      .where('id', agentId)
      .where('role_id', roleId)
      .where('is_active', true)
      .whereNull('deleted_at')
      .first()
    if (!agent) {
      throw new UserFacingException(
        roleId === Roles.SALES_AGENT
          ? 'Choose an active sales agent'
          : 'Choose an active retention agent',
        { field }
      )
    }
    await trx
      .from('leads')
      .whereIn('id', ids)
      .update({ [column]: agent.id, updated_at: now })
    // A manager who hands out unmanaged leads becomes their manager, so they stay in view.
    if (input.staff.roleId === Roles.MANAGER) {
      await trx
        .from('leads')
        .whereIn('id', ids)
        .whereNull('manager_id')
        .update({ manager_id: input.staff.id })
    }
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'lead.bulk_assign',
      target: { type: 'lead', id: null },
      after: { ids, count: ids.length, [column === 'agent_id' ? 'agentId' : 'retId']: agent.id },
    })
    return { count: ids.length }
  })
}
