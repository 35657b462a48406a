import {
  Avatar,
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

/** Profile, Deposits, Withdraws, Log Out and the signed-in e-mail. */
export function ProfileMenu({ session }: { session: Session }) {
  const { t } = useTranslation()
  return (
    <Dropdown placement="bottom-end">
      <DropdownTrigger>
        <Avatar
          as="button"
          size="sm"
          name={session.user.fullName}
          className="cursor-pointer"
          data-testid="profile-menu"
        />
      </DropdownTrigger>
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
