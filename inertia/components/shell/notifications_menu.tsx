import { Badge, Button, Dropdown, DropdownItem, DropdownMenu, DropdownTrigger } from '@heroui/react'
import { router } from '@inertiajs/react'
import { useNotifications } from '~/hooks/use_notifications'
import { useTranslation } from '~/hooks/use_translation'

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
  return (
    <Dropdown placement="bottom-end">
      <DropdownTrigger>
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
      </DropdownTrigger>
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
