import type { ReactNode } from 'react'
import type { LeadRow } from '#transformers/lead_row'

/** The choices the lead dialogs' selects offer (ids; -2 = none). */
export interface LeadDialogChoices {
  statuses: { id: number; status: string; isDefault: boolean }[]
  managers: { id: number; fullName: string }[]
  agents: { id: number; fullName: string }[]
  retAgents: { id: number; fullName: string }[]
}

export interface LeadDialogsOptions {
  /** Called after any successful add, edit, convert, delete or upload: the list reloads. */
  onChanged: () => void
  viewerRoleId: number
  choices: LeadDialogChoices
}

export interface LeadDialogs {
  openAdd: () => void
  openEdit: (row: LeadRow) => void
  openConvert: (row: LeadRow) => void
  confirmDelete: (row: LeadRow) => void
  openUpload: () => void
  /** Render once in the page: the dialogs themselves. */
  element: ReactNode
}

/**
 * The lead add form (POST /admin/leads), edit dialog (PUT /admin/leads/{id}),
 * convert-to-user (POST /admin/leads/convertLeadToUser), delete (DELETE
 * /admin/leads/{id}, 'Are you sure to delete this lead?') and the 'Upload
 * Leads' CSV modal (POST /admin/leads/csv), for the leads pages' toolbars and
 * rows (CRM spec §2.4, §2.10). PLACEHOLDER until the lead-admin work lands: does nothing.
 */
export function useLeadDialogs(_options: LeadDialogsOptions): LeadDialogs {
  const nothing = () => {}
  return {
    openAdd: nothing,
    openEdit: nothing,
    openConvert: nothing,
    confirmDelete: nothing,
    openUpload: nothing,
    element: null,
  }
}
