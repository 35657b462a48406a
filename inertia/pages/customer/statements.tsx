import { useState } from 'react'
import { Alert, Button, Tab, Tabs } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type StatementsController from '#controllers/customer/statements_controller'
import { DEFAULT_PAGE_SIZE } from '@domain/pagination'
import { orderTypeLabel } from '@domain/formatting'
import { AppShell } from '~/layouts/app_shell'
import { listPaging, PagedTable, type PagedColumn } from '~/components/data/paged_table'
import {
  DateRangeFilter,
  type DateRange,
  type DateRangeErrors,
} from '~/components/data/date_range_filter'
import { useServerList } from '~/hooks/use_server_list'
import { OrdersHistoryTable } from '~/components/trading/orders_history_table'
import { useTranslation } from '~/hooks/use_translation'
import { useSession } from '~/hooks/use_shared'
import { closeEvidenceText } from '@domain/execution_evidence'
import { errorMessage } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { route } from '~/lib/routes'

type Props = InferPageProps<StatementsController, 'index'>
type Statement = Props['statements']
type Row = Statement['data'][number]

/** True for a profit above zero; a loss or a flat trade shows red (customer spec §2 Positions). */
const isProfit = (value: string) => !value.startsWith('-') && /[1-9]/.test(value)

export default function Statements({ statements, filter, filterErrors }: Props) {
  const { t } = useTranslation()
  const session = useSession()
  const list = useServerList<Row, { dateStart: string; dateEnd: string }>(
    route('statements.history'),
    {
      searchable: false,
      pageSizes: [DEFAULT_PAGE_SIZE],
      filters: { dateStart: '', dateEnd: '' },
      // The server read the range in the address for this first page.
      initial:
        filter.dateStart || filter.dateEnd || Object.keys(filterErrors).length
          ? undefined
          : statements,
    }
  )
  const range: DateRange = { start: list.filters.dateStart, end: list.filters.dateEnd }
  // A bad range in the address: its messages show until a range is applied.
  const [addressErrors, setAddressErrors] = useState(Object.values(filterErrors))

  /** Applies a range; on failure answers the field errors (none for a toast-only failure). */
  async function applyRange(next: DateRange): Promise<DateRangeErrors | void> {
    try {
      const fields = await list.applyFilters({ dateStart: next.start, dateEnd: next.end })
      if (fields) return { start: fields.dateStart, end: fields.dateEnd }
      setAddressErrors([])
    } catch (error) {
      toastError(errorMessage(error))
      return {}
    }
  }

  const columns: PagedColumn<Row>[] = [
    {
      key: 'ticket',
      label: 'Ticket',
      // The closed part of a partial close names the ticket it came from.
      render: (row) =>
        row.parentOrderId ? (
          <span data-testid={`statement-ticket-${row.ticket}`}>
            {row.ticket}{' '}
            <span className="text-tiny text-default-500">
              {t('part of #{ticket}', { ticket: row.parentOrderId })}
            </span>
          </span>
        ) : (
          String(row.ticket)
        ),
    },
    { key: 'openTime', label: 'Open Time' },
    { key: 'closeTime', label: 'Close Time' },
    { key: 'type', label: 'Type', render: (row) => t(orderTypeLabel(row.type)) },
    { key: 'instrument', label: 'Instrument' },
    { key: 'units', label: 'Units', align: 'end' },
    { key: 'openRate', label: 'Open Rate', align: 'end' },
    { key: 'closeRate', label: 'Close Rate', align: 'end' },
    {
      key: 'swap',
      label: 'Swap',
      align: 'end',
      render: (row) => (
        <span className="font-mono" data-testid={`statement-swap-${row.ticket}`}>
          {row.swap}
        </span>
      ),
    },
    {
      key: 'profitLoss',
      label: 'Profit/Loss',
      align: 'end',
      render: (row) => (
        <span className={isProfit(row.profitLoss) ? 'text-success' : 'text-danger'}>
          {row.profitLoss}
        </span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (row) => {
        // The quote the close used (issue 24 item 2), whole under the status.
        const evidence = closeEvidenceText(
          {
            ...row,
            partial: row.parentOrderId !== null,
            currency: session?.activeBalance?.currency,
          },
          t
        )
        return evidence ? (
          <div className="flex flex-col items-start gap-0.5">
            <span>{t(row.status)}</span>
            <span
              className="w-72 whitespace-normal text-tiny text-default-500"
              data-testid={`statement-evidence-${row.ticket}`}
            >
              {evidence}
            </span>
          </div>
        ) : (
          t(row.status)
        )
      },
    },
  ]

  return (
    <AppShell title="Statements" withSidebar>
      <h1 className="mb-2 text-xl font-semibold">{t('Statements')}</h1>
      <Tabs aria-label={t('Statements')} variant="underlined" data-testid="statements-tabs">
        <Tab key="trades" title={t('Closed trades')}>
          <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
            {(range.start || range.end) && (
              <span className="text-small text-default-500" data-testid="statements-range">
                {range.start || '…'} – {range.end || '…'}
              </span>
            )}
            <DateRangeFilter
              value={range}
              onApply={applyRange}
              initialErrors={{ start: filterErrors.dateStart, end: filterErrors.dateEnd }}
              testId="statements-filter"
            />
            <Button
              as="a"
              href={route('statements.export', undefined, {
                // An open end is left out: route() skips empty values.
                dateStart: range.start,
                dateEnd: range.end,
              })}
              download
              size="sm"
              color="primary"
              variant="flat"
              data-testid="statements-export"
            >
              {t('Export')}
            </Button>
          </div>
          {addressErrors.length > 0 && (
            <Alert
              color="danger"
              className="mb-4"
              title={addressErrors.map((m) => t(m)).join(' ')}
            />
          )}
          <PagedTable
            label="Statements"
            columns={columns}
            {...listPaging(list)}
            rowKey={(row) => row.ticket}
            emptyText={
              range.start || range.end
                ? 'No closed trades in this date range'
                : 'No closed trades yet'
            }
            testId="statements-table"
          />
        </Tab>
        <Tab
          key="orders"
          title={<span data-testid="orders-history-tab">{t('Orders history')}</span>}
        >
          <OrdersHistoryTable />
        </Tab>
      </Tabs>
    </AppShell>
  )
}
