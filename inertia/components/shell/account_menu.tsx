import { lazy } from 'react'
import { Button } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { DeferredDropdown } from '~/components/common/deferred_dropdown'

const loadDropdown = () => import('~/components/shell/account_menu_dropdown')
const AccountMenuDropdown = lazy(loadDropdown)

/** The account links in the top bar (customer spec §2 Shell), the same list as the sidebar. */
export function AccountMenu() {
  const { t } = useTranslation()
  const trigger = (
    <Button variant="light" size="sm" data-testid="account-menu">
      {t('Account')}
    </Button>
  )
  return (
    <DeferredDropdown
      trigger={trigger}
      preload={loadDropdown}
      menu={<AccountMenuDropdown trigger={trigger} />}
    />
  )
}
