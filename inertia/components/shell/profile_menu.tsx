import { lazy } from 'react'
import { Avatar } from '@heroui/react'
import type { Session } from '~/hooks/use_shared'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadDropdown = () => import('~/components/shell/profile_menu_dropdown')
const ProfileMenuDropdown = lazy(loadDropdown)

/** Profile, Deposits, Withdraws, Log Out and the signed-in e-mail. */
export function ProfileMenu({ session }: { session: Session }) {
  const trigger = (
    <Avatar
      as="button"
      size="sm"
      name={session.user.fullName}
      className="cursor-pointer"
      data-testid="profile-menu"
    />
  )
  return (
    <DeferredDropdown
      trigger={trigger}
      preload={loadDropdown}
      menu={<ProfileMenuDropdown session={session} trigger={trigger} />}
    />
  )
}
