import { lazy } from 'react'
import { Avatar } from '@heroui/react'
import type { Session } from '~/hooks/use_shared'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadDropdown = () => import('~/components/shell/staff_user_menu_dropdown')
const StaffUserMenuDropdown = lazy(loadDropdown)

/** The staff shell's user menu: the e-mail, Profile and Log Out. */
export function StaffUserMenu({ session }: { session: Session }) {
  const trigger = (
    <Avatar as="button" size="sm" name={session.user.fullName} data-testid="staff-user-menu" />
  )
  return (
    <DeferredDropdown
      trigger={trigger}
      preload={loadDropdown}
      menu={<StaffUserMenuDropdown session={session} trigger={trigger} />}
    />
  )
}
