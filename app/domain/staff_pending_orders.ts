import { Roles, type RoleId } from './roles.js'

/**
 * Who may cancel a customer's pending order from the back office (issue 23
 * item 1: "an admin or manager may cancel one"). The staff cancel route
 * enforces it; the Pending Orders page shows its Cancel button by it.
 */
export const PENDING_CANCEL_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]
