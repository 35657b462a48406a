import { DateTime } from 'luxon'
import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import { DEMO, demoUser } from '#tests/helpers/users'

/** Every lead these tests make has an address at this domain: `?search=desk.test` lists only them. */
export const DESK_DOMAIN = 'desk.test'
export const ONLY_MINE = `search=${DESK_DOMAIN}`

let seq = 0

/** A lead of the tests (e-mail at desk.test), on the sales desk unless told otherwise. */
export function deskLead(fields: Partial<Lead> = {}) {
  seq++
  return Lead.create({
    email: `lead${seq}-${Date.now()}@${DESK_DOMAIN}`,
    firstName: `First${seq}`,
    lastName: `Last${seq}`,
    phone: `+1555000${String(seq).padStart(4, '0')}`,
    group: 'sales',
    source: 'manual',
    ...fields,
  })
}

export function salesStatus(status: string) {
  return SalesStatus.create({ status, isDefault: false })
}

/** The demo staff, a second sales agent outside every team and one inside the manager's team. */
export async function deskStaff() {
  const [admin, manager, customer, affiliate, agent, retention] = await Promise.all(
    [DEMO.admin, DEMO.manager, DEMO.customer, DEMO.affiliate, DEMO.agent, DEMO.retention].map(
      demoUser
    )
  )
  // The demo team (the demo manager runs the demo agents) aside: these tests build their own.
  await Team.query().delete()
  const otherAgent = await UserFactory.apply('agent').create()
  const teamAgent = await UserFactory.apply('agent').create()
  const team = await Team.create({ name: 'Desk T', code: `DT-${++seq}`, userId: manager.id })
  await team.related('members').attach([teamAgent.id])
  return { admin, manager, customer, affiliate, agent, retention, otherAgent, teamAgent }
}

export const daysAgo = (days: number) => DateTime.now().minus({ days })
