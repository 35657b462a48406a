import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { staffContext } from '#services/audit_log'
import { stampSession } from '#services/session_stamp'
import { changesCredentials, confirmOwnCredentials } from '#services/own_credentials'
import { listQueryValidator } from '#validators/lists'
import {
  createUserValidator,
  updateUserValidator,
  withoutBlankPassword,
} from '#validators/staff_users'
import { findUserOrFail, staffUserPage } from '#queries/staff_users'
import { staffUserRow } from '#transformers/staff_user_transformer'
import { createUser } from '#actions/staff_users/create_user'
import { updateUser } from '#actions/staff_users/update_user'
import { deleteUser } from '#actions/staff_users/delete_user'
import { DELETE_MESSAGES } from '#domain/staff_users'

/** Admin & Staffs (admin spec §2, §3 Staff user, §5, §7, §8; issue 12 item 1). Role 1. */
export default class StaffUsersController {
  /** GET /admin/users: the page; rows come from /admin/users/api. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/users/index', {})
  }

  /** GET /admin/users/api?page&limit&search → { data, meta } */
  async list({ request }: HttpContext) {
    const query = await request.validateUsing(listQueryValidator, { data: request.qs() })
    return staffUserPage(query)
  }

  /** POST /admin/users (fullName, email, password, roleId, isEmailVerified, isActive, whitelist) */
  async store(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(createUserValidator)
    const { user, whitelist } = await createUser({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({
      message: 'User added successfully',
      user: staffUserRow(user, whitelist),
    })
  }

  /** PUT /admin/users/:id (the same fields; a blank password keeps the current one) */
  async update(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    await findUserOrFail(id)
    const payload = await ctx.request.validateUsing(updateUserValidator, {
      data: withoutBlankPassword(ctx.request.body()),
      meta: { userId: id },
    })
    const { currentPassword, twoFactorCode, ...fields } = payload
    if (id === ctx.auth.user!.id && changesCredentials(ctx.auth.user!, fields)) {
      await confirmOwnCredentials(ctx.auth.user!, ctx.request.ip(), {
        currentPassword,
        twoFactorCode,
      })
    }
    const { user, whitelist, passwordChanged } = await updateUser({
      id,
      ...fields,
      ...staffContext(ctx),
    })
    // An admin changing their own password stays signed in here; their other sessions end.
    if (passwordChanged && user.id === ctx.auth.user!.id) {
      const fresh = await User.findOrFail(user.id)
      ctx.auth.user!.sessionGeneration = fresh.sessionGeneration
      stampSession(ctx, fresh)
    }
    return { message: 'User updated successfully', user: staffUserRow(user, whitelist) }
  }

  /** DELETE /admin/users/:id: a real delete, or deactivated and hidden when records name the user. */
  async destroy(ctx: HttpContext) {
    const { kept } = await deleteUser({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: kept ? DELETE_MESSAGES.kept : DELETE_MESSAGES.deleted, kept }
  }
}
