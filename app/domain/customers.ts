import { Roles, type RoleId } from './roles.js'

/**
 * The customers list and the edit customer page (CRM spec §2.8, §2.9; issue
 * 14 items 1 and 2): the rules of who does what there, free of the
 * database. Browser-safe: the page reads the same answers the server
 * enforces. Which customers a staff member may open at all is
 * `app/queries/customer_visibility.ts`.
 */

/** The lists of the menu (CRM spec §2.1): /admin/customers/all and /admin/customers/inactive. */
export const CUSTOMER_LIST_TYPES = ['all', 'inactive'] as const
export type CustomerListType = (typeof CUSTOMER_LIST_TYPES)[number]

/** The unselected placeholder of the manager and plan selects (CRM spec §9). */
export const NO_CHOICE = -2

/** Who may change a customer (CRM spec §6: admins and managers; never agents). */
export const CUSTOMER_EDIT_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

/** Who may add from the customers list (§2.8; a manager adds customers only, managed by them). */
export const CUSTOMER_ADD_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

/** Who may delete a customer (§6: "Admins can delete leads and customers"). */
export const CUSTOMER_DELETE_ROLES: readonly RoleId[] = [Roles.ADMIN]

/** What a staff member may do on a customer's page (or on their own). */
export interface CustomerPageAccess {
  /** The page is the viewer's own profile (Profile in the user menu). */
  own: boolean
  /** The Submit button, and the server's PUT. */
  canEdit: boolean
  /** The balance cards' add and subtract buttons, and the server's adjustment. */
  canAdjust: boolean
  /** E-mail and phone shown masked; the real values never leave the server. */
  masked: boolean
  /** The manager and plan selects (disabled when the isManager flag is set: the viewer is a manager). */
  isManager: boolean
  /** The money tabs (Trades, Deposits, Withdraws): the Transactions screens' roles (§2.1). */
  moneyTabs: boolean
  /** Login as, on a customer's page. */
  loginAs: boolean
}

/**
 * The page's rules by the viewer's role (CRM spec §2.9, §6; docs/DECISIONS.md
 * "CRM: the customers list and the edit customer page"):
 * - admins and managers edit, adjust balances and see everything; a
 *   manager's manager and plan selects are disabled (the spec's isManager
 *   flag), and the server keeps those two values for them;
 * - a retention agent (role 6) sees e-mail and phone obscured always, no
 *   Submit and no balance buttons (§2.9);
 * - a sales agent (role 5) the same, but obscured only while the site's
 *   showUserInfoAgent is off, as on the lead pages;
 * - one's own page (every staff role) shows the profile fields unmasked,
 *   editable, without the manager, plan, verified and active fields, the
 *   balance buttons or the money tabs.
 */
export function customerPageAccess(input: {
  viewerRole: RoleId
  own: boolean
  showUserInfoAgent: boolean
}): CustomerPageAccess {
  const { viewerRole, own } = input
  if (own) {
    return {
      own: true,
      canEdit: true,
      canAdjust: false,
      masked: false,
      isManager: viewerRole === Roles.MANAGER,
      moneyTabs: false,
      loginAs: false,
    }
  }
  const editor = CUSTOMER_EDIT_ROLES.includes(viewerRole)
  const masked =
    viewerRole === Roles.RETENTION_AGENT ||
    (viewerRole === Roles.SALES_AGENT && !input.showUserInfoAgent)
  return {
    own: false,
    canEdit: editor,
    canAdjust: editor,
    masked: !editor && masked,
    isManager: viewerRole === Roles.MANAGER,
    moneyTabs: editor,
    loginAs: true,
  }
}

/** The list's heading: '{type} Customers' (CRM spec §2.8). */
export function customerListTitle(type: CustomerListType) {
  return type === 'all' ? 'All Customers' : 'Inactive Customers'
}
