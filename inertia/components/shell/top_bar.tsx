import { Button, Navbar, NavbarBrand, NavbarContent, NavbarItem } from '@heroui/react'
import { Link, router } from '@inertiajs/react'
import type { Session } from '~/hooks/use_shared'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useIsPhone, useIsWide } from '~/hooks/use_media_query'
import { AccountFigures } from '~/components/shell/account_figures'
import { NotificationsMenu } from '~/components/shell/notifications_menu'
import { WalletSwitcher } from '~/components/shell/wallet_switcher'
import { ProfileMenu } from '~/components/shell/profile_menu'
import { AccountMenu } from '~/components/shell/account_menu'
import { route } from '~/lib/routes'

/**
 * The customer top bar. From 1024 px everything sits in one row; narrower,
 * the account figures move to a compact bar underneath (and on a phone the
 * wallet switcher with them), so the logo and the buttons keep their room.
 */
export function TopBar({ session }: { session: Session }) {
  const branding = useBranding()
  const { t } = useTranslation()
  const wide = useIsWide()
  const phone = useIsPhone()
  return (
    <header className="shrink-0">
      <Navbar
        maxWidth="full"
        isBordered
        className="bg-content1"
        classNames={{ wrapper: 'gap-2 px-3 sm:px-6' }}
      >
        <NavbarBrand className="min-w-0 grow-0 gap-6">
          <Link href={route('auth.login.show')} aria-label={branding.appName} className="shrink-0">
            <img
              src={branding.appLogo}
              alt={branding.appName}
              className="h-7 w-auto max-w-none sm:h-8"
            />
          </Link>
          {wide && <AccountFigures session={session} />}
        </NavbarBrand>
        <NavbarContent justify="end" className="gap-1 sm:gap-2">
          <NavbarItem>
            <AccountMenu />
          </NavbarItem>
          {!phone && (
            <NavbarItem>
              <WalletSwitcher session={session} />
            </NavbarItem>
          )}
          <NavbarItem>
            <Button
              color="success"
              size="sm"
              onPress={() => router.visit(route('deposits.index'))}
              data-testid="deposit-button"
            >
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
      {!wide && (
        <div
          className="border-b border-divider bg-content1 px-3 py-1.5 sm:px-6"
          data-testid="account-bar"
        >
          <AccountFigures
            session={session}
            compact
            lead={phone ? <WalletSwitcher session={session} /> : undefined}
          />
        </div>
      )}
    </header>
  )
}
