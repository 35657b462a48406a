import { Head, Link } from '@inertiajs/react'
import {
  Accordion,
  AccordionItem,
  Dropdown,
  DropdownItem,
  DropdownMenu,
  DropdownTrigger,
  Avatar,
  Navbar,
  NavbarBrand,
  NavbarContent,
  NavbarItem,
  NavbarMenu,
  NavbarMenuToggle,
} from '@heroui/react'
import { useState } from 'react'
import { router } from '@inertiajs/react'
import type { MenuSection } from '@domain/navigation'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { useIsWide } from '~/hooks/use_media_query'
import { NotificationsMenu } from '~/components/shell/notifications_menu'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { logout } from '~/lib/session'

/** The role-filtered side menu: beside the page from 1024 px, in the top bar's drawer below. */
function StaffMenu(props: { menu: MenuSection[]; activePath: string }) {
  const { t } = useTranslation()
  return (
    <Accordion
      selectionMode="multiple"
      isCompact
      defaultExpandedKeys={props.menu
        .filter((s) => s.links.some((l) => l.href === props.activePath))
        .map((s) => s.label)}
    >
      {props.menu.map((section) => (
        <AccordionItem key={section.label} title={t(section.label)}>
          <nav className="flex flex-col">
            {section.links.map((link) => (
              <Link
                key={`${section.label}-${link.href}`}
                href={link.href}
                className={`rounded-small px-3 py-1.5 text-small ${
                  link.href === props.activePath ? 'bg-primary text-primary-foreground' : 'hover:bg-default-100'
                }`}
              >
                {t(link.label)}
              </Link>
            ))}
          </nav>
        </AccordionItem>
      ))}
    </Accordion>
  )
}

/**
 * The back-office shell (admin specs §1/§2): a dark top bar with the logo
 * (it carries the app name; the name is its alt text, not repeated beside
 * it), notifications and the user menu; a side menu filtered by role on the
 * server, a drawer on narrow screens; the page title as a heading.
 */
export function StaffLayout(props: {
  title: string
  menu: MenuSection[]
  activePath: string
  children: React.ReactNode
}) {
  const branding = useBranding()
  const session = useSession()
  const { t, ready } = useTranslation()
  const wide = useIsWide()
  const [menuOpen, setMenuOpen] = useState(false)
  useTheme()
  if (!session || !ready) return <LogoSpinner />
  return (
    <div className="flex min-h-screen flex-col">
      <Head title={t(props.title)} />
      <Navbar
        maxWidth="full"
        className="dark bg-zinc-900 text-white"
        classNames={{ wrapper: 'gap-2 px-3 sm:px-6' }}
        isMenuOpen={menuOpen && !wide}
        onMenuOpenChange={setMenuOpen}
      >
        {!wide && (
          <NavbarMenuToggle
            aria-label={menuOpen ? t('Close menu') : t('Open menu')}
            className="w-8 shrink-0"
            data-testid="staff-menu-toggle"
          />
        )}
        <NavbarBrand className="min-w-0">
          <Link href="/" aria-label={branding.appName} className="shrink-0">
            <img src={branding.appLogo} alt={branding.appName} className="h-7 w-auto max-w-none" />
          </Link>
        </NavbarBrand>
        <NavbarContent justify="end">
          <NavbarItem>
            <NotificationsMenu userId={session.user.id} />
          </NavbarItem>
          <NavbarItem>
            <Dropdown placement="bottom-end">
              <DropdownTrigger>
                <Avatar as="button" size="sm" name={session.user.fullName} data-testid="staff-user-menu" />
              </DropdownTrigger>
              <DropdownMenu
                aria-label={t('Profile')}
                onAction={(key) =>
                  key === 'logout' ? logout() : router.visit('/profile')
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
          </NavbarItem>
        </NavbarContent>
        <NavbarMenu className="dark bg-zinc-900 text-white" data-testid="staff-menu">
          <StaffMenu menu={props.menu} activePath={props.activePath} />
        </NavbarMenu>
      </Navbar>
      <div className="flex flex-1">
        {wide && (
          <aside className="w-64 shrink-0 border-r border-divider p-2" data-testid="staff-menu">
            <StaffMenu menu={props.menu} activePath={props.activePath} />
          </aside>
        )}
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          <h1 className="mb-4 text-2xl font-semibold">{t(props.title)}</h1>
          {props.children}
        </main>
      </div>
    </div>
  )
}
