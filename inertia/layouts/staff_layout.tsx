import { Head, Link } from '@inertiajs/react'
import {
  Accordion,
  AccordionItem,
  Navbar,
  NavbarBrand,
  NavbarContent,
  NavbarItem,
  NavbarMenu,
  NavbarMenuToggle,
} from '@heroui/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { usePage } from '@inertiajs/react'
import { staffMenu, type MenuSection } from '@domain/navigation'
import type { RoleId } from '@domain/roles'
import { screenAt } from '@domain/staff_screens'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { useIsWide } from '~/hooks/use_media_query'
import { NotificationsMenu } from '~/components/shell/notifications_menu'
import { StaffUserMenu } from '~/components/shell/staff_user_menu'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { LanguagePicker } from '~/components/common/language_picker'
import { BrandIcon } from '~/components/common/brand_icon'
import { route } from '~/lib/routes'

/** The role-filtered side menu: beside the page from 1024 px, in the top bar's drawer below. */
function StaffMenu(props: { menu: MenuSection[]; activePath: string }) {
  const { t } = useTranslation()
  const activeSections = props.menu
    .filter((s) => s.links.some((l) => l.href === props.activePath))
    .map((s) => s.label)
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(activeSections))
  // The layout stays mounted across visits: open the section of each page reached.
  useEffect(() => {
    setExpanded((open) =>
      activeSections.every((k) => open.has(k)) ? open : new Set([...open, ...activeSections])
    )
  }, [props.activePath])
  return (
    <Accordion
      selectionMode="multiple"
      isCompact
      selectedKeys={expanded}
      onSelectionChange={(keys) => setExpanded(new Set([...(keys as Set<string>)].map(String)))}
    >
      {props.menu.map((section) => (
        <AccordionItem key={section.label} title={t(section.label)}>
          <nav className="flex flex-col">
            {section.links.map((link) => (
              <Link
                key={`${section.label}-${link.href}`}
                href={link.href}
                className={`rounded-small px-3 py-1.5 text-small ${
                  link.href === props.activePath
                    ? 'bg-primary text-primary-foreground'
                    : 'hover:bg-default-100'
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
 * it), the language picker, notifications and the user menu; the side menu of the signed-in role
 * (a drawer on narrow screens) with the page's link active; the page's
 * heading. Menu, active link and heading come from the screen registry
 * (app/domain/staff_screens.ts) and the URL, so pages pass only their content.
 * Pages use it as their persistent layout (`Page.layout = staffLayout`): the
 * shell and its live subscriptions stay mounted from one staff page to the next.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const branding = useBranding()
  const session = useSession()
  const { url } = usePage()
  const { t, ready } = useTranslation()
  const wide = useIsWide()
  const [menuOpen, setMenuOpen] = useState(false)
  useTheme()
  const roleId = session?.user.roleId as RoleId | undefined
  const menu = useMemo(() => (roleId ? staffMenu(roleId) : []), [roleId])
  const screen = screenAt(url)
  const activePath = screen?.path ?? url.split('?')[0]
  const title = screen?.verbatimTitle ? screen.title : t(screen?.title ?? 'Back office')
  useEffect(() => setMenuOpen(false), [url])
  if (!session || !ready) return <LogoSpinner />
  return (
    <div className="flex min-h-screen flex-col">
      <Head title={title} />
      <BrandIcon />
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
          <Link href={route('auth.login.show')} aria-label={branding.appName} className="shrink-0">
            <img src={branding.appLogo} alt={branding.appName} className="h-7 w-auto max-w-none" />
          </Link>
        </NavbarBrand>
        <NavbarContent justify="end">
          {/* The customer shell's picker (issue 21 item 8); in the drawer on a phone. */}
          <NavbarItem className="hidden sm:flex">
            <LanguagePicker className="w-32" />
          </NavbarItem>
          <NavbarItem>
            <NotificationsMenu userId={session.user.id} />
          </NavbarItem>
          <NavbarItem>
            <StaffUserMenu session={session} />
          </NavbarItem>
        </NavbarContent>
        <NavbarMenu className="dark bg-zinc-900 text-white" data-testid="staff-menu">
          <div className="px-2 pt-2 sm:hidden">
            <LanguagePicker className="w-40" />
          </div>
          <StaffMenu menu={menu} activePath={activePath} />
        </NavbarMenu>
      </Navbar>
      <div className="flex flex-1">
        {wide && (
          <aside className="w-64 shrink-0 border-r border-divider p-2" data-testid="staff-menu">
            <StaffMenu menu={menu} activePath={activePath} />
          </aside>
        )}
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
          {children}
        </main>
      </div>
    </div>
  )
}

/** A staff page's persistent layout: `StaffPage.layout = staffLayout`. */
export const staffLayout = (page: ReactNode) => <StaffLayout>{page}</StaffLayout>
