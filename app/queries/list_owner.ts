import type { RoleId } from '#domain/roles'
import { findVisibleCustomer } from '#queries/customer_visibility'

/**
 * The customer a per-customer staff list names (…/api/history/{userId}, the
 * tabs of the edit customer page): undefined for the list of everyone; a
 * 404 for an id that names no customer the viewer may open
 * (`findVisibleCustomer`, docs/DECISIONS.md "CRM: who may open a customer").
 */
export async function listOwnerId(
  param: unknown,
  viewer: { id: number; roleId: number }
): Promise<number | undefined> {
  if (param === undefined) return undefined
  const customer = await findVisibleCustomer(
    { id: viewer.id, roleId: viewer.roleId as RoleId },
    param
  )
  return customer.id
}
