import type { DateTime } from 'luxon'
import type Lead from '#models/lead'
import type User from '#models/user'
import type LeadNote from '#models/lead_note'
import { maskEmail } from '#domain/masking'
import type { LeadNoteRow, LeadPerson, LeadRow } from '#transformers/lead_row'

const iso = (value: DateTime | null | undefined) => (value?.isValid ? value.toISO() : null)

const person = (user: User | null | undefined): LeadPerson | null =>
  user ? { id: user.id, fullName: user.fullName } : null

export function leadNoteRow(note: LeadNote): LeadNoteRow {
  return {
    id: note.id,
    content: note.content,
    author: note.user?.fullName ?? null,
    createdAt: iso(note.createdAt)!,
  }
}

/**
 * A lead as the shared lead table receives it (`LeadRow`), from a lead with
 * its status, people, linked account and notes preloaded. `masked` (roles 5
 * and 6 with showUserInfoAgent off): the e-mail masked and no phone at all.
 */
export function leadRow(lead: Lead, options: { masked: boolean }): LeadRow {
  const related = lead.$preloaded as Partial<
    Record<'salesStatus' | 'manager' | 'agent' | 'retAgent' | 'affiliate' | 'user', any>
  > & { notes?: LeadNote[] }
  return {
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: options.masked && lead.email ? maskEmail(lead.email) : lead.email,
    phone: options.masked ? null : lead.phone,
    phoneHidden: options.masked,
    notes: (related.notes ?? []).map(leadNoteRow),
    country: lead.country,
    city: lead.city,
    salesStatusId: lead.salesStatusId,
    leadStatus: related.salesStatus?.status ?? null,
    group: lead.group,
    source: lead.source,
    manager: person(related.manager),
    agent: person(related.agent),
    retAgent: person(related.retAgent),
    affiliate: person(related.affiliate),
    linked: lead.userId,
    linkedName: related.user?.fullName ?? null,
    funnelLink: lead.funnelLink,
    reference: lead.reference,
    leadSourceId: lead.leadSourceId,
    registeredAt: iso(lead.registeredAt),
    depositedAt: iso(lead.depositedAt),
    ftdAt: iso(lead.ftdAt),
    lastAccessAt: iso(lead.lastAccessAt),
    createdAt: iso(lead.createdAt)!,
  }
}
