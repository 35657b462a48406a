import { useRef } from 'react'
import { Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import { BALANCE_ADJUSTMENT_ROLES } from '@domain/roles'
import { formatCurrency } from '@domain/formatting'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

type Values = { amount: string; type: 'add' | 'subtract' | ''; comment: string }

export interface AdjustableBalance {
  id: number
  mode: string
  currency: string
  balance: string
}

const AMOUNT = /^\d{1,11}(\.\d{1,2})?$/

/** A fresh key for one adjustment; a retry of the same submission reuses it. */
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`

/**
 * The balance card's add/subtract control (admin spec §2 Balance adjustment,
 * §3: amount and type; a comment for the ledger): PUT
 * /admin/balance/{balanceId}. Each submission carries an Idempotency-Key,
 * kept while the values stay the same, so a double click or a retried
 * request is applied once; a new key follows a success or a change of the
 * form. After success the page reloads (its data, including the balance);
 * the server's message is toasted either way. Not shown to roles outside
 * 1 and 2 (never role 6, §6), whom the server refuses anyway.
 */
export function BalanceAdjustmentForm(props: {
  balance: AdjustableBalance
  /** The type chosen up front (the card's add or subtract button). */
  type?: 'add' | 'subtract'
  onSaved?: () => void
  testId?: string
}) {
  const { t } = useTranslation()
  const session = useSession()
  const key = useRef(newKey())
  const form = useApiForm<Values>({ amount: '0', type: props.type ?? '', comment: '' }, (v) => ({
    amount: !v.amount.trim()
      ? 'Amount is required'
      : !AMOUNT.test(v.amount.trim()) || Number(v.amount) <= 0
        ? 'Amount must be a positive number with at most 2 decimals'
        : undefined,
    type: v.type ? undefined : 'Type is required',
    comment: v.comment.length > 500 ? 'Comment must be at most 500 characters' : undefined,
  }))
  const testId = props.testId ?? `balance-adjust-${props.balance.id}`
  if (!session || !BALANCE_ADJUSTMENT_ROLES.includes(session.user.roleId)) return null

  // Any change to the form is a new request, with a new key.
  const setValue = <K extends keyof Values>(name: K, value: Values[K]) => {
    if (form.values[name] !== value) key.current = newKey()
    form.setValue(name, value)
  }
  const bound = { ...form, setValue }

  return (
    <form
      className="flex flex-col gap-4"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit<{ message: string }>(
          'PUT',
          route('admin.balance.adjust', { balanceId: props.balance.id }),
          {
            headers: { 'Idempotency-Key': key.current },
            transform: (v) => ({
              amount: v.amount.trim(),
              type: v.type,
              comment: v.comment.trim() || null,
            }),
            onSuccess: (data) => {
              key.current = newKey()
              toastSuccess(data.message)
              if (props.onSaved) props.onSaved()
              else router.reload()
            },
            onError: (message) => toastError(message),
          }
        )
      }}
    >
      <p className="text-small text-default-500">
        {t(props.balance.mode === 'real' ? 'Real' : 'Demo')} ·{' '}
        {formatCurrency(props.balance.balance, props.balance.currency)}
      </p>
      <NumberField
        form={bound}
        name="amount"
        label="Amount"
        decimals={2}
        data-testid={`${testId}-amount`}
      />
      <SelectField
        form={bound}
        name="type"
        label="Type"
        placeholder="Choose add or subtract"
        options={[
          { value: 'add', label: t('Add') },
          { value: 'subtract', label: t('Subtract') },
        ]}
      />
      <TextField
        form={bound}
        name="comment"
        label="Comment (optional)"
        data-testid={`${testId}-comment`}
      />
      <Button
        type="submit"
        color="primary"
        isLoading={form.processing}
        data-testid={`${testId}-submit`}
      >
        {t('Submit')}
      </Button>
    </form>
  )
}
