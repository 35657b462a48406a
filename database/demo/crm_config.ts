import { DateTime } from 'luxon'
import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import User from '#models/user'

/** The demo's funnel: 'New' (the default) comes from migration 018. */
export const DEMO_SALES_STATUSES = [
  'Call Back',
  'No Answer',
  'Interested',
  'Not Interested',
  'Deposited',
]

/** The demo team: Max Manager runs Sam Sales and Rita Retention. */
export const DEMO_TEAM = { name: 'Demo Desk', code: 'T-DEMO01' }

/** Sales statuses and one team (issue 13 item 5), after the demo accounts exist. */
export async function seedCrmConfig() {
  const now = DateTime.now()
  for (const status of DEMO_SALES_STATUSES) {
    await SalesStatus.firstOrCreate({ status }, { status, isDefault: false, createdAt: now })
  }
  const manager = await User.findByOrFail('email', 'manager@demo.test')
  const members = await User.query().whereIn('email', ['agent@demo.test', 'retention@demo.test'])
  const team = await Team.create({ ...DEMO_TEAM, userId: manager.id })
  await team.related('members').attach(members.map((m) => m.id))
}
