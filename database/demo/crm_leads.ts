import { DateTime } from 'luxon'
import Lead from '#models/lead'
import LeadNote from '#models/lead_note'
import SalesStatus from '#models/sales_status'
import User from '#models/user'
import type { LeadGroup, LeadSource } from '#domain/crm'
import { DEMO_SALES_STATUSES } from '#database/demo/crm_config'

/** The statuses the demo leads are at: the demo funnel ('New' comes with the migration). */
const DEMO_STATUSES = ['New', ...DEMO_SALES_STATUSES]

const FIRST = ['Liam', 'Emma', 'Noah', 'Olivia', 'Lucas', 'Mia', 'Hugo', 'Sofia', 'Mateo', 'Lea']
const LAST = [
  'Berger',
  'Costa',
  'Duval',
  'Fischer',
  'Garcia',
  'Jensen',
  'Moreau',
  'Novak',
  'Rossi',
  'Silva',
]
const PLACES: [string, string][] = [
  ['Germany', 'Berlin'],
  ['Portugal', 'Lisbon'],
  ['France', 'Lyon'],
  ['Spain', 'Madrid'],
  ['Italy', 'Milan'],
  ['Denmark', 'Aarhus'],
]

/**
 * The demo's leads desks (issue 13): 30 leads across the sales desk (some
 * still in the intake pool, no agent yet), the retention desk, the archive
 * and the Clients page, live and manual, at several statuses, worked by the
 * demo sales and retention agents and brought partly by the demo affiliate,
 * a few with notes. Addresses at example.com: no test counts on them.
 */
export async function seedDemoLeads() {
  const byEmail = async (email: string) => User.findBy('email', email)
  const [manager, agent, retention, affiliate] = await Promise.all(
    ['manager@demo.test', 'agent@demo.test', 'retention@demo.test', 'affiliate@demo.test'].map(
      byEmail
    )
  )
  const statuses: SalesStatus[] = []
  for (const status of DEMO_STATUSES)
    statuses.push(
      await SalesStatus.firstOrCreate({ status }, { status, isDefault: status === 'New' })
    )

  const now = DateTime.now()
  for (let i = 0; i < 30; i++) {
    // 0–11 sales (0–3 no agent yet), 12–19 retentions, 20–25 archived, 26–29 Clients.
    const group: LeadGroup | null =
      i < 12 ? 'sales' : i < 20 ? 'retentions' : i < 26 ? 'archived' : null
    const source: LeadSource = i % 3 === 0 ? 'live' : 'manual'
    const [country, city] = PLACES[i % PLACES.length]
    const firstName = FIRST[i % FIRST.length]
    const lastName = LAST[(i * 3) % LAST.length]
    const created = now.minus({ days: 30 - i, hours: i })
    const registered = group === null || i % 4 === 0 ? created.plus({ hours: 2 }) : null
    const lead = await Lead.create({
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i + 1}@example.com`.toLowerCase(),
      phone: `+4915${String(10_000_000 + i * 7919).slice(0, 8)}`,
      country,
      city,
      funnelLink: source === 'live' ? `https://landing.example.com/offer-${(i % 3) + 1}` : null,
      reference: affiliate && i % 4 === 1 ? `AFF-${100 + i}` : null,
      leadSourceId: source === 'live' ? `SRC-${2000 + i}` : null,
      salesStatusId: i % 7 === 6 ? null : statuses[i % statuses.length].id,
      group,
      source,
      affiliateId: affiliate && i % 4 === 1 ? affiliate.id : null,
      managerId: manager && i % 5 === 0 && i >= 4 ? manager.id : null,
      agentId: agent && group !== null && i >= 4 && i % 2 === 0 ? agent.id : null,
      retAgentId: retention && group === 'retentions' && i % 2 === 0 ? retention.id : null,
      registeredAt: registered,
      depositedAt: registered && i % 2 === 0 ? registered.plus({ days: 1 }) : null,
      ftdAt: registered && i % 2 === 0 ? registered.plus({ days: 1 }) : null,
      lastAccessAt: registered ? now.minus({ hours: i }) : null,
      createdAt: created,
    })
    if (i % 5 === 2 || i === 4 || i === 12) {
      const author = lead.agentId ? agent : lead.retAgentId ? retention : manager
      await LeadNote.createMany([
        {
          leadId: lead.id,
          userId: author?.id ?? null,
          content: 'First call: interested in gold and EUR/USD, asked for the fee table.',
        },
        { leadId: lead.id, userId: manager?.id ?? null, content: 'Follow up next week.' },
      ])
    }
  }
}
