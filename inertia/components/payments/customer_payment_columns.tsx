import type { PagedColumn } from '~/components/data/paged_table'
import { gatewayDisplayName } from '@domain/gateways'
import { formatMoney } from '@domain/formatting'

/** What the customer's deposit and withdraw histories both show of a row. */
interface CustomerPaymentRow {
  id: number
  createdAt: string
  amount: string
  fee: string
  total: string
  gateway: string
  currency: string | null
  balanceAfter: string | null
}

/**
 * The columns the customer's deposit and withdraw histories share (customer
 * spec §2): each page adds its Description and Status columns and names the
 * total column itself (`{ ...c.total, label: 'Paid' }`), where the
 * translation check can see the label.
 */
export function customerPaymentColumns<Row extends CustomerPaymentRow>(t: (key: string) => string) {
  const column = (c: PagedColumn<Row>) => c
  return {
    id: column({ key: 'id', label: 'ID' }),
    date: column({ key: 'createdAt', label: 'Date' }),
    amount: column({
      key: 'amount',
      label: 'Amount',
      align: 'end',
      render: (r) => formatMoney(r.amount, r.currency),
    }),
    total: column({
      key: 'total',
      label: 'Total',
      align: 'end',
      render: (r) => (
        <span>
          {formatMoney(r.total, r.currency)}{' '}
          <span className="text-default-500">({formatMoney(r.fee, r.currency)})</span>
        </span>
      ),
    }),
    method: column({
      key: 'gateway',
      label: 'Method',
      render: (r) => t(gatewayDisplayName(r.gateway)),
    }),
    balance: column({
      key: 'balanceAfter',
      label: 'Balance',
      align: 'end',
      render: (r) => (r.balanceAfter === null ? '—' : formatMoney(r.balanceAfter, r.currency)),
    }),
  }
}
