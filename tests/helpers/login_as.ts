import Lead from '#models/lead'
import Profile from '#models/profile'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { Roles } from '#domain/roles'

/**
 * A new customer the staff member may open (app/queries/customer_visibility.ts):
 * a manager manages them, an agent or retention agent has their lead; any
 * customer is an admin's. Other roles get a customer nobody is assigned to.
 */
export async function customerOf(
  staff: { id: number; roleId: number },
  fields: Partial<User> = {}
) {
  const customer = await UserFactory.merge(fields).create()
  if (staff.roleId === Roles.MANAGER) {
    await Profile.query().where('user_id', customer.id).update({ manager_id: staff.id })
  }
  if (staff.roleId === Roles.SALES_AGENT || staff.roleId === Roles.RETENTION_AGENT) {
    const sales = staff.roleId === Roles.SALES_AGENT
    await Lead.create({
      email: customer.email,
      userId: customer.id,
      group: sales ? 'sales' : 'retentions',
      source: 'live',
      ...(sales ? { agentId: staff.id } : { retAgentId: staff.id }),
    })
  }
  return customer
}

/** The session a login-as request of `staff` leaves (for requests built with withSession). */
export function loginAsSession(
  customer: User,
  staff: { id: number; roleId: number },
  startedAt = Date.now()
) {
  return {
    auth_web: customer.id,
    impersonator: { staffId: staff.id, staffRoleId: staff.roleId, startedAt },
    signInComplete: staff.id,
  }
}
