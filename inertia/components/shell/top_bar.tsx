import { Button, Navbar, NavbarBrand, NavbarContent, NavbarItem } from '@heroui/react'
import { Link, router } from '@inertiajs/react'
import type { Session } from '~/hooks/use_shared'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { AccountFigures } from '~/components/shell/account_figures'
import { NotificationsMenu } from '~/components/shell/notifications_menu'
import { WalletSwitcher } from '~/components/shell/wallet_switcher'
import { ProfileMenu } from '~/components/shell/profile_menu'
import { AccountMenu } from '~/components/shell/account_menu'

export function TopBar({ session }: { session: Session }) {
  const branding = useBranding()
  const { t } = useTranslation()
  return (
    <Navbar maxWidth="full" isBordered className="bg-content1">
      <NavbarBrand className="gap-6">
        <Link href="/" aria-label={branding.appName}>
          <img src={branding.appLogo} alt={branding.appName} className="h-8" />
        </Link>
        <AccountFigures session={session} />
      </NavbarBrand>
      <NavbarContent justify="end" className="gap-2">
        <NavbarItem>
          <AccountMenu />
        </NavbarItem>
        <NavbarItem>
          <WalletSwitcher session={session} />
        </NavbarItem>
        <NavbarItem>
          <Button color="success" size="sm" onPress={() => router.visit('/deposits')} data-testid="deposit-button">
            {t('Deposit')}
          </Button>
        </NavbarItem>
        <NavbarItem>
          <NotificationsMenu userId={session.user.id} />
        </NavbarItem>
        <NavbarItem>
          <ProfileMenu session={session} />
        </NavbarItem>
      </NavbarContent>
    </Navbar>
  )
}
