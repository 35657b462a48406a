import type { HttpContext } from '@adonisjs/core/http'
import { findVisibleCustomer } from '#queries/customer_visibility'
import { impersonationOf } from '#services/impersonation'
import { loginAsCustomer } from '#actions/impersonation/login_as_customer'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { ALREADY_IMPERSONATING, INACTIVE_CUSTOMER } from '#domain/impersonation'
import { Roles } from '#domain/roles'

/** Login as a customer (admin CRM spec §4, §7; issue 14 item 4). */
export default class LoginAsController {
  /**
   * POST /admin/customers/login-as/{id} → { message, redirect: '/', retAgent }.
   * Only a customer the staff member may open (404 otherwise, as for an id
   * that names nobody), an active one (409), and never from inside a
   * login-as session (409). `retAgent` tells the page to store the
   * retention-agent marker (spec §4: role 6).
   */
  async store(ctx: HttpContext) {
    if (impersonationOf(ctx)) throw new UserFacingException(ALREADY_IMPERSONATING, { status: 409 })
    const staff = ctx.auth.getUserOrFail()
    const customer = await findVisibleCustomer(staff, ctx.params.id)
    if (!customer.isActive) throw new UserFacingException(INACTIVE_CUSTOMER, { status: 409 })
    await loginAsCustomer(ctx, { staff, customer, ip: ctx.request.ip() })
    return ctx.response.ok({
      message: 'Logged in as the customer',
      redirect: '/',
      retAgent: staff.roleId === Roles.RETENTION_AGENT,
    })
  }
}
