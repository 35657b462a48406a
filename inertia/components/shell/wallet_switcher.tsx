import { lazy } from 'react'
import { Button } from '@heroui/react'
import type { Session } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadDropdown = () => import('~/components/shell/wallet_switcher_dropdown')
const WalletSwitcherDropdown = lazy(loadDropdown)

/** Lists the user's wallets by mode and currency; choosing one switches and reloads (spec §4). */
export function WalletSwitcher({ session }: { session: Session }) {
  const { t } = useTranslation()
  const active = session.activeBalance
  if (!active) return null
  const trigger = (
    <Button variant="flat" size="sm" data-testid="wallet-switcher">
      {t(active.mode === 'demo' ? 'Demo' : 'Real')} · {active.currency}
    </Button>
  )
  return (
    <DeferredDropdown
      trigger={trigger}
      preload={loadDropdown}
      menu={<WalletSwitcherDropdown session={session} trigger={trigger} />}
    />
  )
}
