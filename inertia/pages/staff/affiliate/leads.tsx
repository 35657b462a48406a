import { Button } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type AffiliatesController from '#controllers/staff/affiliates_controller'
import type { LeadRow } from '#transformers/lead_row'
import { formatDateTime } from '@domain/formatting'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useLeadDialogs } from '~/components/crm/lead_dialogs'
import { useServerList } from '~/hooks/use_server_list'
import { useRowAction } from '~/hooks/use_row_action'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * Affiliate Leads (CRM spec §2.4; issue 14 item 5): the leads the affiliate
 * brought (GET /affiliate/leads/api/), the add form and the CSV upload of the
 * leads desks (attributed to them on the server), and delete with confirmation.
 */
export default function AffiliateLeads({
  statuses,
  viewerRoleId,
}: InferPageProps<AffiliatesController, 'leadsPage'>) {
  const { t } = useTranslation()
  const leads = useServerList<LeadRow>(() => route('affiliate.leads.list'))
  const dialogs = useLeadDialogs({
    onChanged: leads.reload,
    viewerRoleId,
    choices: { statuses, managers: [], agents: [], retAgents: [] },
  })
  const remove = useRowAction<LeadRow, 'delete'>(
    {
      delete: {
        title: 'Delete',
        message: 'Are you sure to delete this lead?',
        confirmLabel: 'Delete',
        confirmColor: 'danger',
        request: (row) => ({
          method: 'DELETE',
          url: route('affiliate.leads.destroy', { id: row.id }),
        }),
      },
    },
    { onDone: leads.reload, testId: 'affiliate-lead-delete-dialog' }
  )
  const text = (value: string | null) => value ?? '-'
  const columns: PagedColumn<LeadRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id },
    { key: 'firstName', label: 'First Name', sortValue: (r) => r.firstName?.toLowerCase() ?? null },
    { key: 'lastName', label: 'Last Name', sortValue: (r) => r.lastName?.toLowerCase() ?? null },
    { key: 'email', label: 'Email', sortValue: (r) => r.email },
    { key: 'phone', label: 'Phone', sortValue: (r) => r.phone },
    { key: 'city', label: 'City', sortValue: (r) => r.city },
    { key: 'country', label: 'Country', sortValue: (r) => r.country },
    { key: 'funnelLink', label: 'Funnel Link', render: (r) => text(r.funnelLink) },
    { key: 'reference', label: 'Aff. Reference', sortValue: (r) => r.reference },
    { key: 'leadSourceId', label: 'Lead Source ID', sortValue: (r) => r.leadSourceId },
    {
      key: 'ftdAt',
      label: 'FTD At',
      sortValue: (r) => r.ftdAt,
      render: (r) => formatDateTime(r.ftdAt, 'display'),
    },
    { key: 'leadStatus', label: 'Status', sortValue: (r) => r.leadStatus },
    {
      key: 'rowActions',
      label: 'Actions',
      render: (r) => (
        <Button
          size="sm"
          variant="flat"
          color="danger"
          onPress={() => remove.ask(r, 'delete')}
          data-testid={`affiliate-lead-delete-${r.id}`}
        >
          {t('Delete')}
        </Button>
      ),
    },
  ]
  return (
    <>
      <AdminDataTable
        label={t('Leads')}
        list={leads}
        columns={columns}
        rowKey={(r) => r.id}
        testId="affiliate-leads"
        actions={
          <>
            <Button size="sm" color="primary" onPress={dialogs.openAdd} data-testid="leads-add">
              {t('Add New')}
            </Button>
            <Button
              size="sm"
              variant="flat"
              onPress={dialogs.openUpload}
              data-testid="leads-upload"
            >
              {t('Upload CSV')}
            </Button>
          </>
        }
      />
      {dialogs.element}
      {remove.dialog}
    </>
  )
}

AffiliateLeads.layout = staffLayout
