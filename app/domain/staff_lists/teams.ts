import type { StaffListDeclaration } from '../staff_list.js'
import { NONE_ID } from '../crm_config.js'

/** A team as its list and edit modal receive it (CRM spec §3 Team). */
export interface TeamListRow {
  id: number
  name: string
  code: string
  userId: number | null
  manager: string | null
  members: { id: number; fullName: string }[]
}

/**
 * Teams (CRM spec §2.6, §2.11, §5, §8): NAME, CODE, MANAGER (full name or a
 * dash), ACTIONS; add and edit in one record modal (name, the manager from
 * the page's `managers`, member rows from its `agents`, starting with one
 * "none" row), delete behind 'Are you sure to delete this team?'. The code is
 * the server's.
 */
export const TEAM_LIST: StaffListDeclaration<TeamListRow> = {
  screen: 'admin.crmConfig.teams',
  label: 'Teams',
  testId: 'teams',
  editorTestId: 'team',
  columns: [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'code', label: 'Code', kind: 'text' },
    { key: 'manager', label: 'Manager', kind: 'text', empty: '-' },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Team', edit: 'Edit Team' },
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: 'Name is required' },
      {
        name: 'userId',
        label: 'Manager',
        kind: 'select',
        options: 'managers',
        none: NONE_ID,
        placeholder: 'Choose a manager',
        required: 'Manager is required',
      },
      {
        name: 'members',
        sendAs: 'userIds',
        label: 'Members',
        kind: 'selectRows',
        options: 'agents',
        none: NONE_ID,
        placeholder: 'Choose a member',
        rows: { item: 'Member', add: 'Add Member', testId: 'team-member' },
      },
    ],
  },
  deleteMessage: 'Are you sure to delete this team?',
}
