import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Team from '#models/team'
import { isStorableId } from '#domain/ids'
import {
  memberIdsOf,
  NONE_ID,
  TEAM_CODE_LENGTH,
  TEAM_CODE_PREFIX,
  TEAM_MANAGER_ROLE,
  TEAM_MEMBER_ROLES,
} from '#domain/crm_config'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { insertWithFreshCode, randomCode, serializeChanges } from '#actions/crm_config/codes'

/** Any constant: the advisory lock serializing team writes on PostgreSQL ("team"). */
export const TEAM_LOCK = 0x7465616d

export const MANAGER_MESSAGE = 'Choose an active manager'
export const MEMBER_MESSAGE = 'Members must be sales or retention agents'

export interface TeamInput extends StaffContext {
  name: string
  /** The manager. */
  userId: number
  /** The member rows as the form sends them; `-2` rows mean none. */
  userIds?: { id: number }[]
}

const audit = (team: Team, memberIds: number[]) => ({
  name: team.name,
  code: team.code,
  userId: team.userId,
  memberIds: [...memberIds].sort((a, b) => a - b).join(', '),
})

async function memberIdsOfTeam(trx: TransactionClientContract, teamId: number) {
  const rows = await trx.from('team_members').where('team_id', teamId).select('user_id')
  return rows.map((r) => Number(r.user_id))
}

/**
 * The manager must be an active, non-deleted manager (role 2); each member a
 * non-deleted sales or retention agent (roles 5, 6) in no other team (one
 * team per agent, docs/DECISIONS.md). Refusals name the form's row.
 */
async function checkPeople(
  trx: TransactionClientContract,
  input: TeamInput,
  teamId: number | null
): Promise<number[]> {
  const manager = await trx
    .from('users')
    .where('id', input.userId)
    .where('role_id', TEAM_MANAGER_ROLE)
    .where('is_active', true)
    .whereNull('deleted_at')
    .first()
  if (!manager) throw new UserFacingException(MANAGER_MESSAGE, { field: 'userId' })

  const rows = input.userIds ?? []
  const ids = memberIdsOf(rows)
  if (ids.length === 0) return ids
  const agents = await trx
    .from('users')
    .whereIn('id', ids)
    .whereIn('role_id', [...TEAM_MEMBER_ROLES])
    .whereNull('deleted_at')
    .select('id', 'full_name')
  const names = new Map(agents.map((a) => [Number(a.id), String(a.full_name)]))
  const elsewhere = trx
    .from('team_members')
    .join('teams', 'teams.id', 'team_members.team_id')
    .whereIn('team_members.user_id', ids)
    .select('team_members.user_id', 'teams.name', 'teams.code')
  if (teamId !== null) elsewhere.whereNot('teams.id', teamId)
  const taken = new Map((await elsewhere).map((t) => [Number(t.user_id), t]))

  const errors: { field: string; message: string }[] = []
  rows.forEach((row, index) => {
    if (row.id === NONE_ID) return
    const field = `userIds.${index}.id`
    if (!names.has(row.id)) errors.push({ field, message: MEMBER_MESSAGE })
    else if (taken.has(row.id)) {
      const member = names.get(row.id)
      const { name: team, code } = taken.get(row.id)
      errors.push({ field, message: `${member} is already in team ${team} (${code})` })
    }
  })
  if (errors.length) throw UserFacingException.forFields(errors)
  return ids
}

async function saveMembers(trx: TransactionClientContract, teamId: number, ids: number[]) {
  await trx.from('team_members').where('team_id', teamId).delete()
  if (ids.length) {
    await trx.table('team_members').multiInsert(ids.map((id) => ({ team_id: teamId, user_id: id })))
  }
}

async function findTeam(trx: TransactionClientContract, id: number) {
  const team = isStorableId(id) ? await Team.find(id, { client: trx }) : null
  if (!team) throw new NotFoundException()
  return team
}

/** POST /admin/crm-config/teams (CRM spec §2.6, §2.11): the code is the server's, random and unique. */
export async function createTeam(input: TeamInput) {
  return db.transaction(async (trx) => {
    await serializeChanges(trx, TEAM_LOCK)
    const memberIds = await checkPeople(trx, input, null)
    const team = await insertWithFreshCode(
      trx,
      () => TEAM_CODE_PREFIX + randomCode(TEAM_CODE_LENGTH),
      (savepoint, code) =>
        Team.create({ name: input.name, code, userId: input.userId }, { client: savepoint })
    )
    await saveMembers(trx, team.id, memberIds)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'team.create',
      target: { type: 'team', id: team.id },
      after: audit(team, memberIds),
    })
    return team
  })
}

/** PUT /admin/crm-config/teams/{id}: name, manager and members (the code stays). */
export async function updateTeam(input: TeamInput & { id: number }) {
  return db.transaction(async (trx) => {
    await serializeChanges(trx, TEAM_LOCK)
    const team = await findTeam(trx, input.id)
    const before = audit(team, await memberIdsOfTeam(trx, team.id))
    const memberIds = await checkPeople(trx, input, team.id)
    team.merge({ name: input.name, userId: input.userId })
    await team.useTransaction(trx).save()
    await saveMembers(trx, team.id, memberIds)
    await recordStaffAction(trx, {
      staff: input.staff,
      ip: input.ip,
      action: 'team.update',
      target: { type: 'team', id: team.id },
      before,
      after: audit(team, memberIds),
    })
    return team
  })
}

/** DELETE /admin/crm-config/teams/{id}: the team and its memberships; the people and their leads stay. */
export async function deleteTeam({ id, ...by }: { id: number } & StaffContext) {
  return db.transaction(async (trx) => {
    await serializeChanges(trx, TEAM_LOCK)
    const team = await findTeam(trx, id)
    const before = audit(team, await memberIdsOfTeam(trx, team.id))
    await trx.from('team_members').where('team_id', team.id).delete()
    await trx.from('teams').where('id', team.id).delete()
    await recordStaffAction(trx, {
      ...by,
      action: 'team.delete',
      target: { type: 'team', id },
      before,
    })
  })
}
