import { useMemo, useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Card, CardBody, Tab, Tabs } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DepositsController from '#controllers/customer/deposits_controller'
import { DEFAULT_PAGE_SIZE } from '@domain/pagination'
import { useServerList } from '~/hooks/use_server_list'
import { depositTotals } from '@domain/deposits'
import { money } from '@domain/money'
import { AppShell } from '~/layouts/app_shell'
import { listPaging, PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { DateRangeFilter, type DateRangeErrors } from '~/components/data/date_range_filter'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { KycNotice } from '~/components/payments/kyc_notice'
import { FeeSummary, walletOptionLabel } from '~/components/payments/fee_summary'
import { GatewayPicker } from '~/components/deposits/gateway_picker'
import { DepositResultDialog } from '~/components/deposits/deposit_result_dialog'
import { StatusChip } from '~/components/withdrawals/withdrawal_parts'
import { customerPaymentColumns } from '~/components/payments/customer_payment_columns'
import { useApiForm } from '~/hooks/use_api_form'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { errorMessage } from '~/lib/api'
import { goToPayment } from '~/lib/payment_redirect'
import { required } from '~/lib/rules'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

type Props = InferPageProps<DepositsController, 'index'>
type History = Props['history']
type Row = History['data'][number]

const AMOUNT = /^\d+(\.\d{1,2})?$/

/**
 * Deposits (customer spec §2): the Deposit tab (real wallets, gateways,
 * external links, offline payments, amount with its fee summary), the
 * result modal a payment returns to, and the History tab.
 */
export default function Deposits({
  isKyc,
  kycRequired,
  gateways,
  offlinePayments,
  externalPayments,
  history,
}: Props) {
  const { t } = useTranslation()
  const session = useSession()
  const [tab, setTab] = useState<'deposit' | 'history'>('deposit')
  const list = useServerList<Row, { startDate: string; endDate: string }>(
    route('deposits.history'),
    {
      searchable: false,
      pageSizes: [DEFAULT_PAGE_SIZE],
      filters: { startDate: '', endDate: '' },
      initial: history,
    }
  )
  const range = { start: list.filters.startDate, end: list.filters.endDate }

  const realWallets = (session?.wallets ?? []).filter((w) => w.mode === 'real')
  const initial = {
    balance_id: realWallets.length === 1 ? String(realWallets[0].id) : '',
    gateway: '',
    amount: '',
  }
  const form = useApiForm(initial, (v) => ({
    balance_id: required(v.balance_id, 'Wallet is required'),
    gateway: required(v.gateway, 'Gateway is required'),
    amount:
      required(v.amount, 'Amount is required') ??
      (AMOUNT.test(v.amount.trim())
        ? undefined
        : 'Amount must be a positive number with at most 2 decimals'),
  }))

  const allGateways = [...gateways, ...offlinePayments]
  const chosen = allGateways.find((g) => g.value === form.values.gateway) ?? null
  const wallet = realWallets.find((w) => String(w.id) === form.values.balance_id) ?? null
  const currency = wallet?.currency ?? realWallets[0]?.currency ?? 'USD'
  // Customer spec §9: fee = gateway fee percent / 100 × amount; total = amount + fee; 2 decimals.
  const summary = useMemo(() => {
    const typed = form.values.amount.trim()
    if (!chosen || !AMOUNT.test(typed) || money(typed).isZero())
      return { amount: '0.00', fee: '0.00', total: '0.00' }
    const { amount, fee, total } = depositTotals(typed, chosen.fee)
    return { amount: amount.toFixed(2), fee: fee.toFixed(2), total: total.toFixed(2) }
  }, [form.values.amount, chosen])
  const blocked = kycRequired && !isKyc

  async function applyRange(next: { start: string; end: string }): Promise<DateRangeErrors | void> {
    try {
      const fields = await list.applyFilters({ startDate: next.start, endDate: next.end })
      if (fields) return { start: fields.startDate, end: fields.endDate }
    } catch (error) {
      toastError(errorMessage(error))
      return {}
    }
  }

  function submit() {
    form.submit<{ message: string; paymentLink: string }>('POST', route('deposits.store'), {
      transform: (v) => ({ ...v, balance_id: Number(v.balance_id), amount: v.amount.trim() }),
      onSuccess: (data) => {
        toastSuccess(data.message)
        router.reload({ only: ['session'] })
        goToPayment(form.values.gateway, data.paymentLink)
      },
      onError: (message) => toastError(message),
    })
  }

  const c = customerPaymentColumns<Row>(t)
  const columns: PagedColumn<Row>[] = [
    c.id,
    c.date,
    c.amount,
    { ...c.total, label: 'Paid' },
    { key: 'description', label: 'Description', render: (r) => t(r.description) },
    {
      key: 'status',
      label: 'Status',
      render: (r) => <StatusChip status={r.status} testId={`deposit-status-${r.id}`} />,
    },
    c.method,
    c.balance,
  ]

  return (
    <AppShell title="Deposits" withSidebar>
      <DepositResultDialog fallbackCurrency={currency} />
      <h1 className="mb-4 text-xl font-semibold">{t('Deposits')}</h1>
      <Tabs
        aria-label={t('Deposits')}
        selectedKey={tab}
        onSelectionChange={(key) => setTab(key as 'deposit' | 'history')}
        data-testid="deposit-tabs"
      >
        <Tab key="deposit" title={t('Deposit')}>
          <div className="flex max-w-3xl flex-col gap-4">
            {!isKyc && <KycNotice message="Please verify KYC to enable deposit" />}
            <Card>
              <CardBody>
                <form
                  className="flex flex-col gap-6"
                  data-testid="deposit-form"
                  onSubmit={(e) => {
                    e.preventDefault()
                    submit()
                  }}
                >
                  <SelectField
                    form={form}
                    name="balance_id"
                    label="Wallet"
                    placeholder="Choose a wallet"
                    options={realWallets.map((w) => {
                      // Customer spec §2: available is balance minus margin here.
                      const available = money(w.balance).minus(w.margin).toFixed(2)
                      return { value: String(w.id), label: walletOptionLabel(w, available, t) }
                    })}
                  />
                  <GatewayPicker
                    gateways={gateways}
                    offlinePayments={offlinePayments}
                    externalPayments={externalPayments}
                    value={form.values.gateway}
                    onChange={(value) => form.setValue('gateway', value)}
                    error={form.errorFor('gateway')}
                  />
                  {chosen && (
                    <>
                      <NumberField form={form} name="amount" label="Amount" decimals={2} />
                      <FeeSummary {...summary} currency={currency} testId="deposit-summary" />
                    </>
                  )}
                  <div>
                    <Button
                      type="submit"
                      color="primary"
                      isLoading={form.processing}
                      isDisabled={blocked}
                      data-testid="deposit-submit"
                    >
                      {t('Deposit')}
                    </Button>
                  </div>
                </form>
              </CardBody>
            </Card>
          </div>
        </Tab>
        <Tab key="history" title={t('History')}>
          <div className="mb-3 flex items-center justify-end gap-2">
            {(range.start || range.end) && (
              <span className="text-small text-default-500" data-testid="deposit-range">
                {range.start || '…'} – {range.end || '…'}
              </span>
            )}
            <DateRangeFilter value={range} onApply={applyRange} testId="deposit-filter" />
          </div>
          <PagedTable
            label="Deposit History"
            columns={columns}
            {...listPaging(list)}
            rowKey={(r) => r.id}
            emptyText={range.start || range.end ? 'No data found' : 'No deposits yet'}
            testId="deposit-history"
          />
        </Tab>
      </Tabs>
    </AppShell>
  )
}
