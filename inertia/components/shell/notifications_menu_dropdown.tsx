import type { ReactElement } from 'react'
import { Dropdown, DropdownItem, DropdownMenu, DropdownTrigger } from '@heroui/react'
import { router } from '@inertiajs/react'
import type { NotificationItem } from '~/hooks/use_notifications'
import { useTranslation } from '~/hooks/use_translation'

/** The notifications dropdown, fetched at the first press (DeferredDropdown). */
export default function NotificationsMenuDropdown({
  items,
  trigger,
}: {
  items: NotificationItem[]
  trigger: ReactElement
}) {
  const { t } = useTranslation()
  return (
    <Dropdown placement="bottom-end" defaultOpen>
      <DropdownTrigger>{trigger}</DropdownTrigger>
      <DropdownMenu
        aria-label={t('Notifications')}
        className="max-h-96 w-80 overflow-y-auto"
        data-testid="notifications-list"
        emptyContent={t('No notifications')}
        items={items}
        onAction={(key) => {
          const item = items.find((i) => String(i.id) === String(key))
          if (item?.url) router.visit(item.url)
        }}
      >
        {(item) => (
          <DropdownItem
            key={item.id}
            description={item.description ?? undefined}
            textValue={item.title}
          >
            <span className="font-medium">{item.title}</span>
          </DropdownItem>
        )}
      </DropdownMenu>
    </Dropdown>
  )
}
