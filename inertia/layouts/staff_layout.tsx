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
} from '@heroui/react'
import { router } from '@inertiajs/react'
import type { MenuSection } from '@domain/navigation'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { NotificationsMenu } from '~/components/shell/notifications_menu'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { logout } from '~/lib/session'

/**
 * The back-office shell (admin specs §1/§2): a dark top bar with logo, app
 * name, notifications and the user menu; a side menu filtered by role on the
 * server; the page title as a heading.
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
  useTheme()
  if (!session || !ready) return <LogoSpinner />
  return (
    <div className="flex min-h-screen flex-col">
      <Head title={t(props.title)} />
      <Navbar maxWidth="full" className="dark bg-zinc-900 text-white">
        <NavbarBrand className="gap-3">
          <Link href="/" className="flex items-center gap-3">
            <img src={branding.appLogo} alt="" className="h-7" />
            <span className="font-semibold">{branding.appName}</span>
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
      </Navbar>
      <div className="flex flex-1">
        <aside className="w-64 shrink-0 border-r border-divider p-2" data-testid="staff-menu">
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
        </aside>
        <main className="min-w-0 flex-1 p-6">
          <h1 className="mb-4 text-2xl font-semibold">{t(props.title)}</h1>
          {props.children}
        </main>
      </div>
    </div>
  )
}
