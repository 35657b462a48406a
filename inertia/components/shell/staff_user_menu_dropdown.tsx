import type { ReactElement } from 'react'
import { Dropdown, DropdownItem, DropdownMenu, DropdownTrigger } from '@heroui/react'
import { router } from '@inertiajs/react'
import type { Session } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { logout } from '~/lib/session'
import { route } from '~/lib/routes'

/** The staff shell's user menu, fetched at the first press (DeferredDropdown). */
export default function StaffUserMenuDropdown({
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
        onAction={(key) =>
          // CRM spec §2.1: Profile opens the signed-in user's page under /admin/customers/edit.
          key === 'logout'
            ? logout()
            : router.visit(route('admin.customers.edit', { id: session.user.id }))
        }
      >
        <DropdownItem key="email" isReadOnly textValue={session.user.email}>
          {session.user.email}
        </DropdownItem>
        <DropdownItem key="profile">{t('Profile')}</DropdownItem>
        <DropdownItem key="logout" color="danger">
          {t('Log Out')}
        </DropdownItem>
      </DropdownMenu>
    </Dropdown>
  )
}
