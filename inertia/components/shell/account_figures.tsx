import type { ReactNode } from 'react'
import type { Session } from '~/hooks/use_shared'
import { formatMoney } from '@domain/formatting'
import { useTranslation } from '~/hooks/use_translation'
import { useLiveAccount } from '~/hooks/use_live_account'

/**
 * Balance, P/L, equity, used and free margin of the active wallet, as the
 * server computed them: in one row in the top bar, or `compact` as a grid in
 * the bar under it on narrower screens (labels whole, never cut), `lead`
 * (the wallet switcher on a phone) taking the grid's first cell.
 */
export function AccountFigures(props: { session: Session; compact?: boolean; lead?: ReactNode }) {
  const { session, compact } = props
  const { t } = useTranslation()
  const currency = session.activeBalance?.currency ?? 'USD'
  const a = useLiveAccount(session)
  const figures = [
    { key: 'balance', label: 'Balance', value: a?.balance },
    { key: 'profitLoss', label: 'Profit/Loss', value: a?.profitLoss, signed: true },
    { key: 'equity', label: 'Equity', value: a?.equity },
    { key: 'usedMargin', label: 'Used Margin', value: a?.usedMargin },
    { key: 'freeMargin', label: 'Free Margin', value: a?.freeMargin },
  ]
  return (
    <div
      className={
        compact ? 'grid grid-cols-3 gap-x-3 gap-y-1.5 sm:grid-cols-5' : 'flex items-center gap-5'
      }
      data-testid="account-figures"
    >
      {props.lead && <div className="flex items-center">{props.lead}</div>}
      {figures.map((f) => {
        const negative = f.value?.startsWith('-')
        const shown = f.value ? formatMoney(f.value, currency) : '—'
        const color = f.signed && f.value ? (negative ? 'text-danger' : 'text-success') : ''
        return (
          <div key={f.key} className="flex min-w-0 flex-col leading-tight">
            <span className="whitespace-nowrap text-tiny text-default-500">{t(f.label)}</span>
            <span
              className={`text-small font-semibold ${compact ? 'truncate' : ''} ${color}`}
              title={shown}
              data-testid={`figure-${f.key}`}
            >
              {shown}
            </span>
          </div>
        )
      })}
    </div>
  )
}
