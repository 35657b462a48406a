import { middleware } from '#start/kernel'
import { screenRolesByName, type StaffScreenName } from '#domain/staff_screens'

/**
 * The middleware of a staff screen's page and of the API its page calls:
 * signed in, and one of the roles the screen's menu links name
 * (#domain/staff_screens), so the page, its link and its API keep one rule.
 */
export function screenAccess(name: StaffScreenName) {
  return [middleware.auth(), middleware.role({ roles: screenRolesByName(name) })]
}
