import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { Roles, type RoleId } from '#domain/roles'
import {
  CUSTOMER_ADD_ROLES,
  CUSTOMER_DELETE_ROLES,
  CUSTOMER_EDIT_ROLES,
  customerPageAccess,
  type CustomerListType,
} from '#domain/customers'
import { isStorableId } from '#domain/ids'
import { ForbiddenException } from '#exceptions/forbidden_exception'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { findVisibleCustomer } from '#queries/customer_visibility'
import { customerDetailParts, customerFormChoices, customerPage } from '#queries/customers'
import { customerDetail } from '#transformers/customer_transformer'
import { staffUserRow } from '#transformers/staff_user_transformer'
import { staffContext } from '#services/audit_log'
import { stampSession } from '#services/session_stamp'
import { changesCredentials, confirmOwnCredentials } from '#services/own_credentials'
import settings from '#services/settings_service'
import { customerBody, customerListValidator, updateCustomerValidator } from '#validators/customers'
import { createUserValidator } from '#validators/staff_users'
import { createUser } from '#actions/staff_users/create_user'
import { deleteUser } from '#actions/staff_users/delete_user'
import { updateCustomer } from '#actions/customers/update_customer'

const viewerOf = (ctx: HttpContext) => {
  const user = ctx.auth.getUserOrFail()
  return { id: user.id, roleId: user.roleId as RoleId }
}

/**
 * The customers list and the edit customer page (CRM spec §2.8, §2.9, §7;
 * issue 14 items 1 and 2). Every customer is found through
 * `findVisibleCustomer` / `narrowToVisibleCustomers` (404 outside the
 * viewer's customers); the staff member's own id opens their own profile.
 */
export default class CustomersController {
  /** GET /admin/customers/all and /admin/customers/inactive: the page; rows come from the API. */
  async all({ inertia }: HttpContext) {
    return inertia.render('staff/customers/index', { type: 'all' as CustomerListType })
  }

  async inactive({ inertia }: HttpContext) {
    return inertia.render('staff/customers/index', { type: 'inactive' as CustomerListType })
  }

  /** GET /admin/customers/api/:type?page&limit&search → { data, meta } */
  async list(ctx: HttpContext) {
    const { request, params } = ctx
    const query = await request.validateUsing(customerListValidator, {
      data: { ...request.qs(), type: params.type },
    })
    return customerPage(viewerOf(ctx), query)
  }

  /**
   * POST /admin/customers: the add-new modal (the Admin & Staffs user form,
   * role User by default). An admin may add any role, as on Admin & Staffs;
   * a manager adds customers only, whom they then manage.
   */
  async store(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    if (!CUSTOMER_ADD_ROLES.includes(viewer.roleId)) throw new ForbiddenException()
    const payload = await ctx.request.validateUsing(createUserValidator)
    const byManager = viewer.roleId === Roles.MANAGER
    if (byManager && payload.roleId !== Roles.CUSTOMER)
      throw new UserFacingException('Managers can add customers only', { field: 'roleId' })
    const { user, whitelist } = await createUser({
      ...payload,
      ...(byManager ? { whitelist: null, managerId: viewer.id } : {}),
      ...staffContext(ctx),
    })
    return ctx.response.created({
      message: 'User added successfully',
      user: staffUserRow(user, whitelist),
    })
  }

  /** GET /admin/customers/edit/:id: a customer's page, or the signed-in staff member's own. */
  async edit(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    const own = Number(ctx.params.id) === viewer.id
    const user = own ? ctx.auth.getUserOrFail() : await findVisibleCustomer(viewer, ctx.params.id)
    const site = await settings.site()
    const access = customerPageAccess({
      viewerRole: viewer.roleId,
      own,
      showUserInfoAgent: site.switches.showUserInfoAgent,
    })
    const { profile, balances } = await customerDetailParts(user)
    return ctx.inertia.render('staff/customers/edit', {
      customer: customerDetail(user, profile, balances, access),
      access,
      choices: own ? { managers: [], plans: [] } : await customerFormChoices(),
    })
  }

  /** PUT /admin/customers/:id (CRM spec §7): the Profile form; a blank password keeps the current one. */
  async update(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    const id = Number(ctx.params.id)
    if (!isStorableId(id)) throw new NotFoundException()
    const own = id === viewer.id
    // Agents see the page read-only (§2.9: no Submit for role 6); affiliates open no customer.
    if (!own && !CUSTOMER_EDIT_ROLES.includes(viewer.roleId)) throw new ForbiddenException()
    if (!own) await findVisibleCustomer(viewer, id)
    const payload = await ctx.request.validateUsing(updateCustomerValidator, {
      data: customerBody(ctx.request.body()),
      meta: { userId: id },
    })
    const { currentPassword, twoFactorCode, ...fields } = payload
    if (own && changesCredentials(ctx.auth.user!, fields)) {
      await confirmOwnCredentials(ctx.auth.user!, ctx.request.ip(), {
        currentPassword,
        twoFactorCode,
      })
    }
    const { user } = await updateCustomer({ id, ...fields, ...staffContext(ctx) })
    // A staff member changing their own password stays signed in here; their other sessions end.
    if (own && payload.password !== undefined) {
      const fresh = await User.findOrFail(user.id)
      ctx.auth.user!.sessionGeneration = fresh.sessionGeneration
      stampSession(ctx, fresh)
    }
    return { message: 'User updated successfully' }
  }

  /**
   * DELETE /admin/customers/:id (CRM spec §6: admins): `deleteUser`, which
   * deactivates and hides a customer with money history instead of removing
   * them. Either way the customer leaves the list.
   */
  async destroy(ctx: HttpContext) {
    const viewer = viewerOf(ctx)
    if (!CUSTOMER_DELETE_ROLES.includes(viewer.roleId)) throw new ForbiddenException()
    const customer = await findVisibleCustomer(viewer, ctx.params.id)
    const { kept } = await deleteUser({ id: customer.id, ...staffContext(ctx) })
    return { message: 'Customers deleted successfully', kept }
  }
}
