import type { ReactElement } from 'react'
import {
  Dropdown,
  DropdownItem,
  DropdownMenu,
  DropdownSection,
  DropdownTrigger,
} from '@heroui/react'
import { router } from '@inertiajs/react'
import type { Session } from '~/hooks/use_shared'
import { logout } from '~/lib/session'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/** The profile menu's dropdown, fetched at the first press (DeferredDropdown). */
export default function ProfileMenuDropdown({
  session,
  trigger,
}: {
  session: Session
  trigger: ReactElement
}) {
  const { t } = useTranslation()
  return (
    <Dropdown placement="bottom-end" defaultOpen>
      <DropdownTrigger>{trigger}</DropdownTrigger>
      <DropdownMenu
        aria-label={t('Profile')}
        onAction={(key) => {
          if (key === 'logout') logout()
          else router.visit(String(key))
        }}
      >
        <DropdownSection showDivider>
          <DropdownItem
            key="email"
            isReadOnly
            textValue={session.user.email}
            className="opacity-80"
          >
            <span className="text-small" data-testid="signed-in-email">
              {session.user.email}
            </span>
          </DropdownItem>
        </DropdownSection>
        <DropdownSection>
          <DropdownItem key={route('profile.show')}>{t('Profile')}</DropdownItem>
          <DropdownItem key={route('deposits.index')}>{t('Deposits')}</DropdownItem>
          <DropdownItem key={route('withdraws.index')}>{t('Withdraws')}</DropdownItem>
          <DropdownItem key="logout" color="danger" data-testid="logout">
            {t('Log Out')}
          </DropdownItem>
        </DropdownSection>
      </DropdownMenu>
    </Dropdown>
  )
}
