import { useMemo, useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Card, CardBody, Input, Tab, Tabs } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type WithdrawalsController from '#controllers/customer/withdrawals_controller'
import { DEFAULT_PAGE_SIZE } from '@domain/pagination'
import { money } from '@domain/money'
import { withdrawTotals } from '@domain/withdrawals'
import { AppShell } from '~/layouts/app_shell'
import { listPaging, PagedTable, type PagedColumn } from '~/components/data/paged_table'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { CountryField } from '~/components/form/country_field'
import {
  DetailsPopover,
  ReasonPopover,
  StatusChip,
} from '~/components/withdrawals/withdrawal_parts'
import { customerPaymentColumns } from '~/components/payments/customer_payment_columns'
import { KycNotice } from '~/components/payments/kyc_notice'
import { FeeSummary, walletOptionLabel } from '~/components/payments/fee_summary'
import { useApiForm } from '~/hooks/use_api_form'
import { useServerList } from '~/hooks/use_server_list'
import { useCountries } from '~/hooks/use_countries'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { required } from '~/lib/rules'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

type Props = InferPageProps<WithdrawalsController, 'index'>
type History = Props['history']
type Row = History['data'][number]

const AMOUNT = /^\d+(\.\d{1,2})?$/

/**
 * Withdraws (customer spec §2): the bank withdrawal form with its fee
 * summary, and the history of requests with their bank details and, for a
 * declined one, the reason.
 */
export default function Withdraws({
  accountName,
  withdrawSettings,
  isKyc,
  kycRequired,
  history,
}: Props) {
  const { t } = useTranslation()
  const session = useSession()
  const countries = useCountries()
  const [tab, setTab] = useState<'withdraw' | 'history'>('withdraw')
  const list = useServerList<Row>(route('withdraws.history'), {
    searchable: false,
    pageSizes: [DEFAULT_PAGE_SIZE],
    initial: history,
  })

  const realWallets = (session?.wallets ?? []).filter((w) => w.mode === 'real')
  const initial = {
    balance_id: realWallets.length === 1 ? String(realWallets[0].id) : '',
    amount: '',
    bank_name: '',
    account_name: accountName,
    account_number: '',
    swift_code: '',
    bank_country: '',
  }
  const form = useApiForm(initial, (v) => ({
    balance_id: required(v.balance_id, 'Wallet is required'),
    amount:
      required(v.amount, 'Amount is required') ??
      (AMOUNT.test(v.amount.trim())
        ? undefined
        : 'Amount must be a positive number with at most 2 decimals'),
    bank_name: required(v.bank_name, 'Bank name is required'),
    account_name: required(v.account_name, 'Account name is required'),
    account_number: required(v.account_number, 'Account number is required'),
    swift_code: required(v.swift_code, 'Swift code is required'),
    bank_country: required(v.bank_country, 'Bank country is required'),
  }))

  const wallet = realWallets.find((w) => String(w.id) === form.values.balance_id) ?? null
  const currency = wallet?.currency ?? realWallets[0]?.currency ?? 'USD'
  // Customer spec §9: fee = percentage / 100 × amount + fixed; total = amount + fee; 2 decimals.
  const summary = useMemo(() => {
    const typed = form.values.amount.trim()
    // Nothing to withdraw yet: no fee either.
    if (!AMOUNT.test(typed) || money(typed).isZero())
      return { amount: '0.00', fee: '0.00', total: '0.00' }
    const { fee, total } = withdrawTotals(typed, withdrawSettings)
    return { amount: money(typed).toFixed(2), fee: fee.toFixed(2), total: total.toFixed(2) }
  }, [form.values.amount, withdrawSettings])
  const blocked = kycRequired && !isKyc

  function submit() {
    form.submit<{ message: string }>('POST', route('withdraws.bank'), {
      transform: (v) => ({ ...v, balance_id: Number(v.balance_id), amount: v.amount.trim() }),
      onSuccess: (data) => {
        toastSuccess(data.message)
        form.setValues({ ...initial, balance_id: form.values.balance_id })
        // The user data (held amount, free balance) and the history change.
        router.reload({ only: ['session'] })
        list.setPage(1)
        list.reload()
      },
      onError: (message) => toastError(message),
    })
  }

  const c = customerPaymentColumns<Row>(t)
  const columns: PagedColumn<Row>[] = [
    c.id,
    c.date,
    c.amount,
    c.total,
    {
      key: 'description',
      label: 'Description',
      render: (r) => (
        <span className="flex items-center gap-1">
          {t(r.description)}
          {r.formattedDescription && (
            <DetailsPopover details={r.formattedDescription} testId={`details-${r.id}`} />
          )}
        </span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (r) => (
        <span className="flex items-center gap-1">
          <StatusChip status={r.status} testId={`status-${r.id}`} />
          {r.status === 'declined' && r.declineReason && (
            <ReasonPopover reason={r.declineReason} testId={`reason-${r.id}`} />
          )}
        </span>
      ),
    },
    c.method,
    c.balance,
  ]

  return (
    <AppShell title="Withdraws" withSidebar>
      <h1 className="mb-4 text-xl font-semibold">{t('Withdraws')}</h1>
      <Tabs
        aria-label={t('Withdraws')}
        selectedKey={tab}
        onSelectionChange={(key) => setTab(key as 'withdraw' | 'history')}
        data-testid="withdraw-tabs"
      >
        <Tab key="withdraw" title={t('Withdraw')}>
          <div className="flex max-w-3xl flex-col gap-4">
            {!isKyc && <KycNotice message="Please verify KYC to enable withdraw" />}
            <Card>
              <CardBody>
                <form
                  className="grid grid-cols-1 gap-x-4 gap-y-6 md:grid-cols-2"
                  data-testid="withdraw-form"
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
                      const free = money(w.balance).minus(w.margin).minus(w.onHold).toFixed(2)
                      return { value: String(w.id), label: walletOptionLabel(w, free, t) }
                    })}
                  />
                  <NumberField form={form} name="amount" label="Amount" decimals={2} />
                  <TextField form={form} name="bank_name" label="Bank Name" />
                  <Input
                    name="account_name"
                    label={t('Account Name')}
                    labelPlacement="outside"
                    variant="bordered"
                    value={form.values.account_name}
                    isReadOnly
                    errorMessage={
                      form.errorFor('account_name') ? t(form.errorFor('account_name')!) : undefined
                    }
                    isInvalid={!!form.errorFor('account_name')}
                  />
                  <TextField
                    form={form}
                    name="account_number"
                    label="Account Number"
                    autoComplete="off"
                  />
                  <TextField form={form} name="swift_code" label="Swift Code" autoComplete="off" />
                  {countries && (
                    <CountryField form={form} name="bank_country" countries={countries} />
                  )}
                  <FeeSummary {...summary} currency={currency} testId="withdraw-summary" />
                  <div className="md:col-span-2">
                    <Button
                      type="submit"
                      color="primary"
                      isLoading={form.processing}
                      isDisabled={blocked}
                      data-testid="withdraw-submit"
                    >
                      {t('Submit')}
                    </Button>
                  </div>
                </form>
              </CardBody>
            </Card>
          </div>
        </Tab>
        <Tab key="history" title={t('History')}>
          <PagedTable
            label="Withdraw History"
            columns={columns}
            {...listPaging(list)}
            rowKey={(r) => r.id}
            emptyText="No withdrawals yet"
            testId="withdraw-history"
          />
        </Tab>
      </Tabs>
    </AppShell>
  )
}
