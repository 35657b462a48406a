import type { LeadGroup, LeadSource } from '#domain/crm'

/** A person named on a lead row: id and full name (the affiliator's id shows in brackets). */
export interface LeadPerson {
  id: number
  fullName: string
}

export interface LeadNoteRow {
  id: number
  content: string
  author: string | null
  createdAt: string
}

/**
 * One row of the shared lead table (CRM spec §2.3, §3) as the list calls
 * send it. Dates are ISO strings or null (the page formats DD/MM/YYYY h:mm A).
 * With `showUserInfoAgent` off, roles 5 and 6 get `email` masked and `phone`
 * null (`phoneHidden` true): the real values never leave the server.
 */
export interface LeadRow {
  id: number
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  phoneHidden: boolean
  notes: LeadNoteRow[]
  country: string | null
  city: string | null
  salesStatusId: number | null
  leadStatus: string | null
  group: LeadGroup | null
  source: LeadSource
  manager: LeadPerson | null
  agent: LeadPerson | null
  retAgent: LeadPerson | null
  affiliate: LeadPerson | null
  /** The linked customer account (View User goes to /admin/customers/edit/{linked}). */
  linked: number | null
  linkedName: string | null
  funnelLink: string | null
  reference: string | null
  leadSourceId: string | null
  registeredAt: string | null
  depositedAt: string | null
  ftdAt: string | null
  lastAccessAt: string | null
  createdAt: string
}
