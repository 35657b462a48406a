import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { likePattern, pageOf } from '#queries/paginate'
import { STAFF_LIST_ROLES } from '#domain/staff_users'
import { staffUserRow } from '#transformers/staff_user_transformer'
import { isStorableId } from '#domain/ids'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * GET /admin/users/api: the staff accounts (roles 1, 2, 4, 5, 6), deleted
 * ones hidden, newest first, one page; the search matches the full name or
 * the e-mail, case-insensitively, its wildcards taken literally. Each row
 * carries its whitelist and whether a second factor is set (subqueries, no
 * second round trip).
 */
export function staffUserPage(options: { page?: number; limit?: number; search?: string }) {
  const query = User.query()
    .select('users.*')
    .select(
      db.raw('(SELECT ip_address FROM whitelists WHERE whitelists.user_id = users.id) AS whitelist')
    )
    .select(
      db.raw(
        '(SELECT COUNT(*) FROM two_factor_credentials c WHERE c.user_id = users.id) AS two_factor'
      )
    )
    .whereIn('role_id', [...STAFF_LIST_ROLES])
    .whereNull('deleted_at')
    .orderBy('id', 'desc')
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(full_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(email) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  return pageOf(query, options, (user) =>
    staffUserRow(user, user.$extras.whitelist ?? null, Number(user.$extras.two_factor) > 0)
  )
}

/** The account with this id, unless deleted (hidden); 404 otherwise. */
export async function findUserOrFail(id: number): Promise<User> {
  const user = isStorableId(id)
    ? await User.query().where('id', id).whereNull('deleted_at').first()
    : null
  if (!user) throw new NotFoundException()
  return user
}
