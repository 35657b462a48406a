/**
 * The lead table's phone cell (CRM spec §2.3): the number with a copy button
 * ('Phone number copied to clipboard') and a call button. The call opens the
 * agent selector (GET /admin/crm/voiso/agents: e-mail, extension, status chip)
 * and posts POST /admin/crm/voiso/startCall { leadId, agentEmail }; with the
 * phone hidden (showUserInfoAgent off, roles 5 and 6) it calls at once with
 * the viewer's own e-mail. PLACEHOLDER until the calls work lands: shows the number only.
 */
export interface PhoneCellProps {
  leadId: number
  phone: string | null
  phoneHidden: boolean
  /** The signed-in staff member's e-mail (the call's agent when the phone is hidden). */
  viewerEmail: string
}

export function PhoneCell({ phone }: PhoneCellProps) {
  return <span>{phone ?? '-'}</span>
}
