import User from '#models/user'
import { parseId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * The user a per-customer staff list names (…/api/history/{userId}):
 * undefined for the list of everyone; a 404 for an id that names no user.
 */
export async function listOwnerId(param: unknown): Promise<number | undefined> {
  if (param === undefined) return undefined
  const userId = parseId(param)
  if (userId === null || !(await User.find(userId))) throw new NotFoundException()
  return userId
}
