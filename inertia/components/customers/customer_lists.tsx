import { Chip } from '@heroui/react'
import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import type { StaffDepositRow } from '#transformers/deposit_transformer'
import { formatDateTime, formatAccountMoney, formatRate, orderTypeLabel } from '@domain/formatting'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { staffPaymentColumns } from '~/components/payments/staff_payment_columns'
import {
  StaffWithdrawalsTable,
  type StaffWithdrawalRow,
} from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { TradeIdCell, TradeStatusCell, TradeSwapCell } from '~/components/staff/trade_cells'
import { route } from '~/lib/routes'

/**
 * One customer's lists, the tabs of the edit customer page (CRM spec §2.9,
 * §7): GET /admin/trades/api/all/{userId}, /admin/deposits/api/history/{userId}
 * and /admin/withdraws/api/history/{userId}, each a staff table whose state
 * stays out of the page's URL (several lists share the page). Read-only:
 * the decisions stay on the Trades, Deposit and Withdraw screens.
 */
export function CustomerTradesTable(props: { userId: number }) {
  const { t } = useTranslation()
  const list = useServerList<StaffTradeRow>(
    route('admin.trades.api.user', { userId: props.userId }),
    {
      searchable: false,
      inUrl: false,
    }
  )
  const rate = (value: string | null, r: StaffTradeRow) => formatRate(value, r.digits)
  const columns: PagedColumn<StaffTradeRow>[] = [
    { key: 'id', label: 'ID', sortValue: (r) => r.id, render: (r) => <TradeIdCell row={r} /> },
    { key: 'type', label: 'TYPE', render: (r) => t(orderTypeLabel(r.type)) },
    { key: 'instrument', label: 'INSTRUMENT', sortValue: (r) => r.instrument },
    { key: 'openRate', label: 'OPEN RATE', align: 'end', render: (r) => rate(r.openRate, r) },
    { key: 'closeRate', label: 'CLOSE RATE', align: 'end', render: (r) => rate(r.closeRate, r) },
    {
      key: 'marginUsed',
      label: 'MARGIN USED',
      align: 'end',
      render: (r) => formatAccountMoney(r.marginUsed, r.balance.currency),
    },
    {
      key: 'proLoss',
      label: 'PRO/LOSS',
      align: 'end',
      sortValue: (r) => r.proLoss,
      render: (r) => formatAccountMoney(r.proLoss, r.balance.currency),
    },
    { key: 'swap', label: 'SWAP', align: 'end', render: (r) => <TradeSwapCell row={r} /> },
    {
      key: 'status',
      label: 'STATUS',
      render: (r) => (
        <TradeStatusCell
          row={r}
          chip={
            <Chip size="sm" variant="flat" color={r.status === 'open' ? 'primary' : 'default'}>
              {t(r.status === 'open' ? 'Open' : 'Closed')}
            </Chip>
          }
        />
      ),
    },
    { key: 'openTime', label: 'OPEN TIME', render: (r) => formatDateTime(r.openTime, 'display') },
  ]
  return (
    <AdminDataTable
      label="Trades"
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      testId="customer-trades"
    />
  )
}

export function CustomerDepositsTable(props: { userId: number }) {
  const { t } = useTranslation()
  const list = useServerList<StaffDepositRow>(
    route('admin.deposits.api.history.user', { userId: props.userId }),
    {
      inUrl: false,
    }
  )
  const c = staffPaymentColumns<StaffDepositRow>(t, 'customer-deposit', (name) => name)
  return (
    <AdminDataTable
      label="Deposits"
      list={list}
      columns={[c.id, c.gateway, c.amount, c.fee, c.total, c.status, c.date]}
      rowKey={(r) => r.id}
      testId="customer-deposits"
    />
  )
}

export function CustomerWithdrawsTable(props: { userId: number }) {
  const list = useServerList<StaffWithdrawalRow>(
    route('admin.withdraws.api.history.user', { userId: props.userId }),
    {
      searchable: false,
      inUrl: false,
    }
  )
  return <StaffWithdrawalsTable label="Withdraws" list={list} testId="customer-withdraws" />
}
