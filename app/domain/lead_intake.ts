import { Roles, type RoleId } from './roles.js'

/**
 * Adding, editing and importing leads (issue 13 item 4; CRM spec §2.4, §2.10,
 * §3, §5, §7). The spec gives the lead forms no validation; the server still
 * refuses garbage: the bounds of the columns, a real e-mail when one is given,
 * and a lead must be reachable (an e-mail or a phone). The reading is in
 * docs/DECISIONS.md "CRM: adding, editing and importing leads".
 */

/**
 * A lead's own fields, written once (issue 26): each with the size of its
 * column in `leads` (migration 018), the most it may hold, in the CSV's
 * column order. What each way in takes of them is LEAD_INPUTS; the
 * validators, the CSV columns and the actions' inputs are derived from both.
 */
export const LEAD_FIELD_MAX = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  country: 100,
  city: 100,
  funnelLink: 500,
  reference: 120,
  leadSourceId: 120,
  leadStatus: 60,
} as const
export type LeadField = keyof typeof LEAD_FIELD_MAX
export const LEAD_FIELDS = Object.keys(LEAD_FIELD_MAX) as readonly LeadField[]

const without = <F extends LeadField, X extends LeadField>(
  fields: readonly F[],
  ...left: X[]
): readonly Exclude<F, X>[] =>
  fields.filter((field): field is Exclude<F, X> => !(left as LeadField[]).includes(field))

const ADD_FIELDS = without(LEAD_FIELDS, 'leadSourceId')
const ROW_FIELDS = [...ADD_FIELDS, 'leadSourceId'] as const

/**
 * What each way in takes of a lead's fields, in the order its validator
 * checks them (the order of a 422's errors; a CSV row reports its first),
 * and which it requires; the others may be left out or blank.
 */
export const LEAD_INPUTS = {
  /** The add form (§3): none required, but a lead needs an e-mail or a phone (LEAD_MESSAGES.reachable). */
  add: { fields: ADD_FIELDS, required: [] as const },
  /** A CSV row (§7): the add form's fields, then the lead source id. */
  csv: { fields: ROW_FIELDS, required: [] as const },
  /** The edit form (§2.10): a CSV row's fields, the status always sent; the person selects besides. */
  edit: { fields: ROW_FIELDS, required: ['leadStatus'] as const },
  /** The affiliate API (INTAKE_FIELDS): no status; the e-mail is what links a lead already known. */
  api: {
    fields: without(LEAD_FIELDS, 'leadStatus'),
    required: ['firstName', 'lastName', 'email'] as const,
  },
}
export type LeadInputName = keyof typeof LEAD_INPUTS
export type LeadInputField<W extends LeadInputName> = (typeof LEAD_INPUTS)[W]['fields'][number]
export type LeadInputRequired<W extends LeadInputName> = (typeof LEAD_INPUTS)[W]['required'][number]

/** What a way in hands its action once validated: its required fields, the others perhaps missing or null. */
export type LeadInput<W extends LeadInputName> = {
  [K in LeadInputRequired<W>]: string
} & { [K in Exclude<LeadInputField<W>, LeadInputRequired<W>>]?: string | null }

/** The columns named after the fields a way in takes (the status is stored as its id), trimmed, blank as null. */
export function leadColumnsOf<F extends LeadField>(
  input: { [K in F]?: string | null },
  fields: readonly F[]
) {
  return Object.fromEntries(
    without(fields, 'leadStatus').map((field) => [field, blankToNull(input[field])])
  ) as Record<Exclude<F, 'leadStatus'>, string | null>
}

/** A phone as people write it: at least 5 digits, an optional leading +, spaces, dashes, brackets and dots. */
export const LEAD_PHONE = /^(?=(?:\D*\d){5})\+?[0-9(][0-9 ().-]{3,38}$/

/** Who may add leads and upload CSVs (spec §2.4: not roles 5 and 6; §2.1: affiliates add their own). */
export const LEAD_ADD_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER, Roles.AFFILIATE]

/** Who may open the lead edit dialog (§2.10; roles 5 and 6 see it reduced). */
export const LEAD_EDIT_ROLES: readonly RoleId[] = [
  Roles.ADMIN,
  Roles.MANAGER,
  Roles.SALES_AGENT,
  Roles.RETENTION_AGENT,
]

/** Who may turn a lead into a customer account (§3 convert form; the managing roles). */
export const LEAD_CONVERT_ROLES: readonly RoleId[] = [Roles.ADMIN, Roles.MANAGER]

/** Who may delete a lead (§6: admins). */
export const LEAD_DELETE_ROLES: readonly RoleId[] = [Roles.ADMIN]

/** The fields of the edit form other than the status (§2.10). */
export const LEAD_DETAIL_FIELDS = [
  ...without(LEAD_INPUTS.edit.fields, 'leadStatus'),
  'managerId',
  'agentId',
  'retId',
] as const

/**
 * What a role's edit may change: roles 5 and 6 get the form reduced to its
 * submit button (§2.10), so on the server they change the status only; a
 * manager everything but the manager (the select is hidden for roles 2, 5
 * and 6); an admin everything.
 */
export type LeadEditScope = 'all' | 'no-manager' | 'status-only'

export function leadEditScope(roleId: RoleId): LeadEditScope {
  if (roleId === Roles.ADMIN) return 'all'
  if (roleId === Roles.MANAGER) return 'no-manager'
  return 'status-only'
}

/** The role each person select of the edit form takes its choices from (§2.11: users by role). */
export const PERSON_ROLES = {
  managerId: Roles.MANAGER,
  agentId: Roles.SALES_AGENT,
  retId: Roles.RETENTION_AGENT,
} as const

export const PERSON_MESSAGES = {
  managerId: 'Choose a manager from the list',
  agentId: 'Choose an agent from the list',
  retId: 'Choose a retention agent from the list',
} as const

export const LEAD_MESSAGES = {
  reachable: 'Enter an email or a phone',
  emailTaken: 'This email is already a lead',
  emailIsCustomer: 'This email already has an account',
  phoneTaken: 'This phone is already a lead',
  unknownStatus: 'Choose a status from the list',
  agentOnlyStatus: 'Agents can change only the status',
  noEmail: 'This lead has no email',
  alreadyCustomer: 'This lead is already a customer',
} as const

/** The CSV's columns, every field, in the order of the example file (the header may hold them in any order). */
export const CSV_COLUMNS = LEAD_FIELDS
export type CsvColumn = (typeof CSV_COLUMNS)[number]

/** The largest CSV accepted, and the longest line (a file of junk fails at its first line). */
export const CSV_MAX_BYTES = 50 * 1024 * 1024
export const CSV_MAX_RECORD_BYTES = 8 * 1024

/** Rows per multi-row insert. */
export const CSV_BATCH = 1000

/** The example file offered next to the upload field (GET /admin/leads/csv/example). */
export const CSV_EXAMPLE =
  CSV_COLUMNS.join(',') +
  '\r\n' +
  'John,Smith,john.smith@example.com,+44 20 7946 0958,United Kingdom,London,https://example.com/landing,AFF-001,src-17,New\r\n' +
  'Maria,García,maria.garcia@example.com,+34 600 123 456,Spain,Madrid,,AFF-002,,\r\n'

/**
 * What a header must name (issue 21 item 8): a lead is reached by e-mail or
 * phone, so at least one of these; every other column may be left out (its
 * value is then empty, and a lead without leadStatus takes the default
 * status). The upload modal shows this list, so what it says is what is checked.
 */
export const CSV_CONTACT_COLUMNS = ['email', 'phone'] as const satisfies readonly CsvColumn[]

export const CSV_OPTIONAL_COLUMNS: readonly CsvColumn[] = CSV_COLUMNS.filter(
  (column) => !(CSV_CONTACT_COLUMNS as readonly string[]).includes(column)
)

/**
 * The contact columns a header lacks when it names none of them (names
 * compared trimmed and without regard to case; a byte-order mark before the
 * first is ignored); none when it names one.
 */
export function missingCsvColumns(header: readonly string[]): CsvColumn[] {
  const present = new Set(
    header.map((name) =>
      name
        .replace(/^\uFEFF/, '')
        .trim()
        .toLowerCase()
    )
  )
  return CSV_CONTACT_COLUMNS.some((column) => present.has(column)) ? [] : [...CSV_CONTACT_COLUMNS]
}

/** Where each column sits in a header (the first occurrence wins). */
export function csvColumnIndex(header: readonly string[]): Record<CsvColumn, number> {
  const normalized = header.map((name) =>
    name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase()
  )
  return Object.fromEntries(
    CSV_COLUMNS.map((column) => [column, normalized.indexOf(column.toLowerCase())])
  ) as Record<CsvColumn, number>
}

export interface LeadRowError {
  /** 1-based line of the data row (the header is row 1). */
  row: number
  field: string
  message: string
}

/** Per-row outcome counts of an import. */
export interface ImportCounts {
  created: number
  duplicates: number
  invalid: number
}

/** The trimmed text, or null when blank. */
export function blankToNull(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** The full name a converted lead's account gets: first and last name, else the e-mail's local part. */
export function accountNameOf(lead: {
  firstName: string | null
  lastName: string | null
  email: string
}): string {
  const name = [lead.firstName, lead.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return (name || lead.email.split('@')[0]).slice(0, 160)
}
