import { lazy } from 'react'
import { Badge, Button } from '@heroui/react'
import { useNotifications } from '~/hooks/use_notifications'
import { useTranslation } from '~/hooks/use_translation'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadDropdown = () => import('~/components/shell/notifications_menu_dropdown')
const NotificationsMenuDropdown = lazy(loadDropdown)

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 01-3.46 0" />
    </svg>
  )
}

/** Notifications dropdown: title, description and an optional link per item. */
export function NotificationsMenu({ userId }: { userId: number }) {
  const { items } = useNotifications(userId)
  const { t } = useTranslation()
  const trigger = (
    <Button
      isIconOnly
      variant="light"
      aria-label={t('Notifications')}
      data-testid="notifications-button"
    >
      <Badge
        content={items.length || undefined}
        color="danger"
        size="sm"
        isInvisible={!items.length}
      >
        <BellIcon />
      </Badge>
    </Button>
  )
  return (
    <DeferredDropdown
      trigger={trigger}
      preload={loadDropdown}
      menu={<NotificationsMenuDropdown items={items} trigger={trigger} />}
    />
  )
}
