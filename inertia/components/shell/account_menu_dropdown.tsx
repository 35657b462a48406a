import type { ReactElement } from 'react'
import { Dropdown, DropdownItem, DropdownMenu, DropdownTrigger } from '@heroui/react'
import { router } from '@inertiajs/react'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { accountLinks } from '~/components/shell/account_links'
import { route } from '~/lib/routes'

/** The account menu's dropdown, fetched at the first press (DeferredDropdown). */
export default function AccountMenuDropdown({ trigger }: { trigger: ReactElement }) {
  const branding = useBranding()
  const session = useSession()
  const { t } = useTranslation()
  return (
    <Dropdown placement="bottom-end" defaultOpen>
      <DropdownTrigger>{trigger}</DropdownTrigger>
      <DropdownMenu aria-label={t('Account')} onAction={(href) => router.visit(String(href))}>
        {[
          { href: route('dashboard'), label: 'Dashboard' },
          ...accountLinks(branding.pricingPlan, session?.user.roleId),
        ].map((link) => (
          <DropdownItem key={link.href}>{t(link.label)}</DropdownItem>
        ))}
      </DropdownMenu>
    </Dropdown>
  )
}
