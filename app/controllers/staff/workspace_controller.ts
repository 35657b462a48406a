import type { HttpContext } from '@adonisjs/core/http'
import { staffMenuFor } from '#services/staff_menu'

/**
 * Staff landing pages the footer role buttons lead to. Their screens (trades,
 * CRM lists, affiliate leads) are built by the back-office issues; until then
 * each renders the back-office shell with its role-filtered menu.
 */
export default class WorkspaceController {
  async show({ inertia, auth, route }: HttpContext) {
    const user = auth.getUserOrFail()
    const path = route!.pattern
    return inertia.render('staff/workspace', {
      title: TITLES[path] ?? 'Back office',
      menu: staffMenuFor(user.roleId),
      activePath: path,
    })
  }
}

const TITLES: Record<string, string> = {
  '/admin': 'Dashboard',
  '/admin/trades/all': 'All Trades',
  '/affiliate': 'Leads',
  '/admin/crm/sales/all': 'All Leads',
  '/admin/crm/retention': 'Retentions',
}
