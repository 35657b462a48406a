import type { Session } from '~/hooks/use_shared'
import { formatMoney } from '@domain/formatting'
import { useTranslation } from '~/hooks/use_translation'
import { useLiveAccount } from '~/hooks/use_live_account'

/** Balance, P/L, equity, used and free margin of the active wallet, as the server computed them. */
export function AccountFigures({ session }: { session: Session }) {
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
    <div className="hidden items-center gap-5 lg:flex" data-testid="account-figures">
      {figures.map((f) => {
        const negative = f.value?.startsWith('-')
        const color = f.signed && f.value ? (negative ? 'text-danger' : 'text-success') : ''
        return (
          <div key={f.key} className="flex flex-col leading-tight">
            <span className="text-tiny text-default-500">{t(f.label)}</span>
            <span className={`text-small font-semibold ${color}`} data-testid={`figure-${f.key}`}>
              {f.value ? formatMoney(f.value, currency) : '—'}
            </span>
          </div>
        )
      })}
    </div>
  )
}
