import type { ReactElement } from 'react'
import {
  Dropdown,
  DropdownItem,
  DropdownMenu,
  DropdownSection,
  DropdownTrigger,
} from '@heroui/react'
import type { Session } from '~/hooks/use_shared'
import { api, errorMessage } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { formatMoney } from '@domain/formatting'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/** The wallet switcher's dropdown, fetched at the first press (DeferredDropdown). */
export default function WalletSwitcherDropdown({
  session,
  trigger,
}: {
  session: Session
  trigger: ReactElement
}) {
  const { t } = useTranslation()
  const active = session.activeBalance!
  const byMode = (mode: 'demo' | 'real') => session.wallets.filter((w) => w.mode === mode)

  async function choose(id: number) {
    if (id === active.id) return
    try {
      await api('POST', route('wallets.switch'), { balanceId: id })
      window.location.reload()
    } catch (error) {
      toastError(errorMessage(error))
    }
  }

  const sections = (['real', 'demo'] as const).filter((m) => byMode(m).length)
  return (
    <Dropdown placement="bottom-end" defaultOpen>
      <DropdownTrigger>{trigger}</DropdownTrigger>
      <DropdownMenu
        aria-label={t('Wallets')}
        selectionMode="single"
        selectedKeys={[String(active.id)]}
        onAction={(key) => choose(Number(key))}
      >
        {sections.map((mode) => (
          <DropdownSection key={mode} title={t(mode === 'demo' ? 'Demo' : 'Real')}>
            {byMode(mode).map((w) => (
              <DropdownItem
                key={String(w.id)}
                textValue={`${mode} ${w.currency}`}
                data-testid={`wallet-${w.id}`}
              >
                {w.currency} — {formatMoney(w.balance, w.currency)}
              </DropdownItem>
            ))}
          </DropdownSection>
        ))}
      </DropdownMenu>
    </Dropdown>
  )
}
