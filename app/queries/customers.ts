import User from '#models/user'
import Profile from '#models/profile'
import Balance from '#models/balance'
import PricingPlan from '#models/pricing_plan'
import { likePattern, pageOf } from '#queries/paginate'
import { narrowToVisibleCustomers } from '#queries/customer_visibility'
import type { LeadViewer } from '#queries/lead_visibility'
import type { CustomerListType } from '#domain/customers'
import { Roles } from '#domain/roles'
import { onlineUserIds } from '#services/presence'
import { customerRow } from '#transformers/customer_transformer'

/**
 * GET /admin/customers/api/{type}: the customers the viewer may open
 * (`narrowToVisibleCustomers`: role 3, not deleted), all or the inactive
 * ones, newest first, one page; the search matches the full name or the
 * e-mail, case-insensitively, its wildcards taken literally. The profile
 * comes in the same query; who is online in one call for the page.
 */
export async function customerPage(
  viewer: LeadViewer,
  options: { type: CustomerListType; page?: number; limit?: number; search?: string }
) {
  const query = User.query()
    .select('users.*')
    .select('profiles.phone', 'profiles.birth_date', 'profiles.country')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .orderBy('users.id', 'desc')
  await narrowToVisibleCustomers(query, viewer)
  if (options.type === 'inactive') query.where('users.is_active', false)
  if (options.search) {
    const pattern = likePattern(options.search.toLowerCase())
    query.where((match) =>
      match
        .whereRaw('LOWER(users.full_name) LIKE ? ESCAPE ?', [pattern, '\\'])
        .orWhereRaw('LOWER(users.email) LIKE ? ESCAPE ?', [pattern, '\\'])
    )
  }
  const page = await pageOf(query, options, (user) => user)
  const online = await onlineUserIds(page.data.map((user) => user.id))
  return {
    data: page.data.map((user) =>
      customerRow(user, {
        phone: user.$extras.phone ?? null,
        birthDate: user.$extras.birth_date ?? null,
        country: user.$extras.country ?? null,
        online: online.has(user.id),
      })
    ),
    meta: page.meta,
  }
}

/** What the edit page shows of an account: its profile, wallets (customers only) and plan. */
export async function customerDetailParts(user: User) {
  const [profile, balances] = await Promise.all([
    Profile.findBy('user_id', user.id),
    user.roleId === Roles.CUSTOMER
      ? Balance.query().where('user_id', user.id).orderBy('id', 'asc')
      : Promise.resolve([] as Balance[]),
  ])
  return { profile, balances }
}

/** The choices of the page's selects: managers (active, not deleted) and plans. */
export async function customerFormChoices() {
  const [managers, plans] = await Promise.all([
    User.query()
      .where('role_id', Roles.MANAGER)
      .where('is_active', true)
      .whereNull('deleted_at')
      .orderBy('full_name', 'asc')
      .select('id', 'full_name'),
    PricingPlan.query().orderBy('id', 'asc').select('id', 'name'),
  ])
  return {
    managers: managers.map((m) => ({ id: m.id, fullName: m.fullName })),
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
  }
}
