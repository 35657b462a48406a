import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'

let seq = 0

/** A lead on the sales desk (manual, status New) with the given fields. */
export async function aLead(fields: Partial<Lead> = {}) {
  const status = await SalesStatus.findByOrFail('status', 'New')
  return Lead.create({
    email: `lead-${Date.now()}-${++seq}@leads.test`,
    firstName: 'Lena',
    lastName: 'Lead',
    phone: '+34 600 000 001',
    group: 'sales',
    source: 'manual',
    salesStatusId: status.id,
    ...fields,
  })
}

/** The add form as the dialog sends it (CRM spec §3). */
export function addForm(changes: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada-${Date.now()}-${++seq}@leads.test`,
    phone: '+44 20 7946 0958',
    country: 'United Kingdom',
    city: 'London',
    funnelLink: 'https://example.com/landing',
    reference: 'AFF-1',
    leadStatus: 'New',
    ...changes,
  }
}

/** The edit form of a lead as the dialog sends it back (CRM spec §2.10; -2 = none). */
export function editForm(lead: Lead, changes: Record<string, unknown> = {}) {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    country: lead.country,
    city: lead.city,
    funnelLink: lead.funnelLink,
    reference: lead.reference,
    leadSourceId: lead.leadSourceId,
    leadStatus: 'New',
    managerId: lead.managerId ?? -2,
    agentId: lead.agentId ?? -2,
    retId: lead.retAgentId ?? -2,
    ...changes,
  }
}
