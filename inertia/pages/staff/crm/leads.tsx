import { useEffect, useMemo, useState, type Key } from 'react'
import { router } from '@inertiajs/react'
import { Button, Chip } from '@heroui/react'
import type { LeadRow } from '#transformers/lead_row'
import type { LeadsPageProps } from '#controllers/staff/crm_leads_controller'
import { ALL_STATUSES, LEAD_MANAGING_ROLES, statusToSegment, type LeadGroup } from '@domain/crm'
import { Roles } from '@domain/roles'
import { formatDateTime } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { DateRangeFilter, type DateRange } from '~/components/data/date_range_filter'
import { AgentSelector, type StaffChoice } from '~/components/crm/agent_selector'
import { LeadStatusFilter } from '~/components/crm/lead_status_filter'
import { NotesCell } from '~/components/crm/notes_cell'
import { PhoneCell } from '~/components/crm/phone_cell'
import { useLeadDialogs } from '~/components/crm/lead_dialogs'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { api, ApiError, SOMETHING_WENT_WRONG } from '~/lib/api'
import { route } from '~/lib/routes'
import { toastError, toastSuccess } from '~/lib/toast'

type Filters = {
  status: string
  startDate: string
  endDate: string
  agentId: string
  retId: string
}
const NO_FILTERS: Filters = {
  status: ALL_STATUSES,
  startDate: '',
  endDate: '',
  agentId: '',
  retId: '',
}

const BOTH_DATES = 'Choose a start and an end date, or clear both'

/** The bulk buttons each page's toolbar has (CRM spec §2.4), and who sees them. */
const MOVES: Record<
  LeadsPageProps['list'],
  { to: LeadGroup; label: string; managersOnly?: boolean }[]
> = {
  sales: [
    { to: 'retentions', label: 'Send to Retentions' },
    { to: 'archived', label: 'Bulk archive' },
  ],
  new: [
    { to: 'retentions', label: 'Send to Retentions' },
    { to: 'archived', label: 'Bulk archive' },
  ],
  clients: [
    { to: 'sales', label: 'Send to Sales', managersOnly: true },
    { to: 'retentions', label: 'Send to Retentions' },
    { to: 'archived', label: 'Bulk archive' },
  ],
  retentions: [
    { to: 'sales', label: 'Send to Sales', managersOnly: true },
    { to: 'archived', label: 'Bulk archive' },
  ],
  archived: [{ to: 'sales', label: 'Bulk Remove Archive' }],
}

const date = (value: string | null) => formatDateTime(value, 'display')
const name = (person: { fullName: string } | null) => person?.fullName ?? '-'

/**
 * The leads desks (CRM spec §2.3, §2.4): Sales ('{type} Leads'), the Leads
 * pages (the intake pool), Clients, Retentions and Archived — one page over
 * the list call of its kind, the shared lead table with its 22 columns, the
 * toolbar of the page and role, row selection and the bulk moves and
 * assignment (PUT /admin/leads/bulk).
 */
export default function Leads(props: LeadsPageProps) {
  const { t } = useTranslation()
  const { list, type, statuses, viewer } = props
  const manages = LEAD_MANAGING_ROLES.includes(viewer.roleId)
  const typed = list === 'sales' || list === 'new'
  const agentFilter =
    manages && list === 'sales' ? 'agentId' : manages && list === 'retentions' ? 'retId' : null
  const assignField = !manages ? null : typed ? 'agentId' : list === 'retentions' ? 'retId' : null
  const registeredAt = list === 'clients' || list === 'archived'

  const leads = useServerList<LeadRow, Filters>(
    (f) => {
      const status = statusToSegment(f.status || ALL_STATUSES)
      const range = f.startDate && f.endDate ? { startDate: f.startDate, endDate: f.endDate } : null
      const query = agentFilter && f[agentFilter] ? { [agentFilter]: f[agentFilter] } : undefined
      if (list === 'sales' || list === 'new') {
        // The typed lists always have a type (the server's pages give one).
        const params = { status, type: type! }
        return range
          ? route(`crm.leads.api.${list}.range`, { ...params, ...range }, query)
          : route(`crm.leads.api.${list}`, params, query)
      }
      return range
        ? route(`crm.leads.api.${list}.range`, { status, ...range }, query)
        : route(`crm.leads.api.${list}`, { status }, query)
    },
    { filters: NO_FILTERS }
  )

  // The staff pickers (agent filter, assign, the lead dialogs' selects): admins and managers only.
  const [staff, setStaff] = useState<Record<2 | 5 | 6, StaffChoice[]>>({ 2: [], 5: [], 6: [] })
  useEffect(() => {
    if (!manages) return
    for (const roleId of [2, 5, 6] as const) {
      api<{ data: StaffChoice[] }>('GET', route('crm.staff.byRole', { role: roleId }))
        .then((r) => setStaff((s) => ({ ...s, [roleId]: r.data })))
        .catch(() => {})
    }
  }, [manages])

  const dialogs = useLeadDialogs({
    onChanged: leads.reload,
    viewerRoleId: viewer.roleId,
    choices: { statuses, managers: staff[2], agents: staff[5], retAgents: staff[6] },
  })

  const [selected, setSelected] = useState<Set<Key> | 'all'>(new Set())
  const selectedIds = useMemo(
    () => (selected === 'all' ? leads.rows.map((r) => r.id) : [...selected].map(Number)),
    [selected, leads.rows]
  )
  // A new page of rows starts with nothing selected.
  useEffect(() => setSelected(new Set()), [leads.rows])
  const [busy, setBusy] = useState(false)

  const bulk = async (data: Record<string, unknown>, assigning: boolean) => {
    setBusy(true)
    try {
      const result = await api<{ message: string }>('PUT', route('crm.leads.bulk'), {
        ids: selectedIds,
        data,
      })
      toastSuccess(result.message)
      setSelected(new Set())
      leads.reload()
      return true
    } catch (e) {
      // Moves fail with the one message (spec §8); an assignment says why.
      toastError(assigning && e instanceof ApiError ? e.message : SOMETHING_WENT_WRONG)
      return false
    } finally {
      setBusy(false)
    }
  }

  const [picker, setPicker] = useState<'filter' | 'assign' | null>(null)
  const pickerAgents = agentFilter === 'retId' || assignField === 'retId' ? staff[6] : staff[5]
  const filteredAgent = agentFilter
    ? pickerAgents.find((a) => String(a.id) === leads.filters[agentFilter])
    : undefined

  const dateRange: DateRange = { start: leads.filters.startDate, end: leads.filters.endDate }
  const applyRange = async (range: DateRange) => {
    if (!!range.start !== !!range.end) return { end: BOTH_DATES }
    const errors = await leads.applyFilters({ startDate: range.start, endDate: range.end })
    if (errors && Object.keys(errors).length)
      return { start: errors.startDate, end: errors.endDate ?? errors.startDate }
  }

  const columns: PagedColumn<LeadRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'firstName', label: 'First Name', sortValue: (r) => r.firstName?.toLowerCase() ?? null },
    { key: 'lastName', label: 'Last Name', sortValue: (r) => r.lastName?.toLowerCase() ?? null },
    { key: 'email', label: 'Email', sortValue: (r) => r.email },
    {
      key: 'phone',
      label: 'Phone',
      render: (r) => (
        <PhoneCell
          leadId={r.id}
          phone={r.phone}
          phoneHidden={r.phoneHidden}
          viewerEmail={viewer.email}
        />
      ),
    },
    {
      key: 'notes',
      label: 'Notes',
      render: (r) => <NotesCell leadId={r.id} notes={r.notes} onAdded={leads.reload} />,
    },
    { key: 'country', label: 'Country', sortValue: (r) => r.country },
    {
      key: 'leadStatus',
      label: 'Sale Status',
      sortValue: (r) => r.leadStatus,
      render: (r) => (
        <Chip size="sm" variant="flat" color={r.leadStatus ? 'success' : 'danger'}>
          {r.leadStatus ?? '-'}
        </Chip>
      ),
    },
    // The spec's Group column shows the linked user's full name (§2.3).
    { key: 'group', label: 'Group', render: (r) => r.linkedName ?? '-' },
    { key: 'manager', label: 'Sale Manager', render: (r) => name(r.manager) },
    { key: 'agent', label: 'Sale Agent', render: (r) => name(r.agent) },
    {
      key: 'rowActions',
      label: 'Actions',
      render: (r) => (
        <div className="flex gap-1">
          {list === 'clients' && r.linked !== null && (
            <Button
              size="sm"
              variant="flat"
              onPress={() => router.visit(route('admin.customers.edit', { id: r.linked! }))}
              data-testid={`lead-view-user-${r.id}`}
            >
              {t('View User')}
            </Button>
          )}
          <Button
            size="sm"
            variant="flat"
            onPress={() => dialogs.openEdit(r)}
            data-testid={`lead-edit-${r.id}`}
          >
            {t('Edit')}
          </Button>
          {manages && r.linked === null && (
            <Button
              size="sm"
              variant="flat"
              color="primary"
              onPress={() => dialogs.openConvert(r)}
              data-testid={`lead-convert-${r.id}`}
            >
              {t('Convert to user')}
            </Button>
          )}
          {viewer.roleId === Roles.ADMIN && (
            <Button
              size="sm"
              variant="flat"
              color="danger"
              onPress={() => dialogs.confirmDelete(r)}
              data-testid={`lead-delete-${r.id}`}
            >
              {t('Delete')}
            </Button>
          )}
        </div>
      ),
    },
    { key: 'registeredAt', label: 'Registered At', render: (r) => date(r.registeredAt) },
    { key: 'city', label: 'City', sortValue: (r) => r.city },
    { key: 'retAgent', label: 'Retention Agent', render: (r) => name(r.retAgent) },
    { key: 'depositedAt', label: 'Deposited At', render: (r) => date(r.depositedAt) },
    { key: 'lastAccessAt', label: 'Last Access', render: (r) => date(r.lastAccessAt) },
    { key: 'funnelLink', label: 'Funnel Link', render: (r) => r.funnelLink ?? '-' },
    { key: 'reference', label: 'Aff. Reference', render: (r) => r.reference ?? '-' },
    { key: 'leadSourceId', label: 'Lead Source ID', render: (r) => r.leadSourceId ?? '-' },
    { key: 'ftdAt', label: 'FTD At', render: (r) => date(r.ftdAt) },
    {
      key: 'affiliate',
      label: 'Affiliator',
      render: (r) => (r.affiliate ? `${r.affiliate.fullName} (${r.affiliate.id})` : '-'),
    },
  ]

  const nothingSelected = selectedIds.length === 0 || busy
  const filters = (
    <>
      <LeadStatusFilter
        value={leads.filters.status}
        statuses={statuses.map((s) => s.status)}
        allKey={ALL_STATUSES}
        onChange={(status) => leads.setFilters({ status })}
      />
      <DateRangeFilter
        value={dateRange}
        onApply={applyRange}
        label={registeredAt ? 'Registered At' : undefined}
        testId="leads-dates"
      />
      {agentFilter && (
        <Button
          size="sm"
          variant="bordered"
          onPress={() => setPicker('filter')}
          data-testid="leads-agent-filter"
        >
          {filteredAgent?.fullName ?? t('Filter Agent')}
        </Button>
      )}
    </>
  )
  const actions = (
    <>
      {manages && typed && (
        <>
          <Button size="sm" color="primary" onPress={dialogs.openAdd} data-testid="leads-add">
            {t('Add New')}
          </Button>
          <Button size="sm" variant="flat" onPress={dialogs.openUpload} data-testid="leads-upload">
            {t('Upload CSV')}
          </Button>
        </>
      )}
      {assignField && (
        <Button
          size="sm"
          variant="flat"
          color="secondary"
          isDisabled={nothingSelected}
          onPress={() => setPicker('assign')}
          data-testid="leads-assign"
        >
          {t(assignField === 'retId' ? 'Assign Retention Agent' : 'Assign Agent')}
        </Button>
      )}
      {MOVES[list]
        .filter((move) => manages || !move.managersOnly)
        .map((move) => (
          <Button
            key={move.to}
            size="sm"
            variant="flat"
            color={move.to === 'archived' ? 'warning' : 'primary'}
            isDisabled={nothingSelected}
            onPress={() => bulk({ group: move.to }, false)}
            data-testid={`leads-move-${move.to}`}
          >
            {t(move.label)}
          </Button>
        ))}
    </>
  )

  return (
    <>
      <AdminDataTable
        label="Leads"
        list={leads}
        columns={columns}
        rowKey={(r) => r.id}
        testId="leads"
        filters={filters}
        actions={actions}
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
      />
      <AgentSelector
        isOpen={picker !== null}
        agents={pickerAgents}
        busy={busy}
        testId={picker === 'assign' ? 'leads-assign-dialog' : 'leads-agent-dialog'}
        onClose={() => setPicker(null)}
        onClear={
          picker === 'filter' && agentFilter
            ? () => {
                leads.setFilters({ [agentFilter]: '' })
                setPicker(null)
              }
            : undefined
        }
        onPick={async (agent) => {
          if (picker === 'filter' && agentFilter) {
            leads.setFilters({ [agentFilter]: String(agent.id) })
            setPicker(null)
          } else if (picker === 'assign' && assignField) {
            if (await bulk({ [assignField]: agent.id }, true)) setPicker(null)
          }
        }}
      />
      {dialogs.element}
    </>
  )
}

Leads.layout = staffLayout
