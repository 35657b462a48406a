import { useTranslation } from '~/hooks/use_translation'
import { formatMoney } from '@domain/formatting'

/** The Amount / Gateway Fee / Total summary of the deposit and withdraw forms (customer spec §2). */
export function FeeSummary(props: {
  amount: string
  fee: string
  total: string
  currency: string
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <dl
      className="grid grid-cols-2 gap-1 rounded-medium bg-default-100 p-3 text-small md:col-span-2"
      data-testid={props.testId}
    >
      <dt>{t('Amount')}</dt>
      <dd className="text-right" data-testid="summary-amount">
        {formatMoney(props.amount, props.currency)}
      </dd>
      <dt>{t('Gateway Fee')}</dt>
      <dd className="text-right" data-testid="summary-fee">
        {formatMoney(props.fee, props.currency)}
      </dd>
      <dt className="font-semibold">{t('Total')}</dt>
      <dd className="text-right font-semibold" data-testid="summary-total">
        {formatMoney(props.total, props.currency)}
      </dd>
    </dl>
  )
}

type Wallet = { id: number; currency: string; balance: string; margin: string; onHold: string }

/**
 * A real wallet as the deposit and withdraw wallet pickers list it: what is
 * available and what is on hold (customer spec §2 Deposits).
 */
export function walletOptionLabel(w: Wallet, available: string, t: (key: string) => string) {
  return `${t('Real')} · ${w.currency} — ${t('Available')} ${formatMoney(available, w.currency)} · ${t('On hold')} ${formatMoney(w.onHold, w.currency)}`
}
