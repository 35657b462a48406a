import { Head, usePage } from '@inertiajs/react'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { TopBar } from '~/components/shell/top_bar'
import { ShellFooter } from '~/components/shell/shell_footer'
import { AccountSidebar } from '~/components/shell/account_sidebar'
import { PlanModal } from '~/components/shell/plan_modal'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { BrandIcon } from '~/components/common/brand_icon'
import { ImpersonationBanner } from '~/components/shell/impersonation_banner'

/**
 * The signed-in shell (customer spec §2): top bar, optional account sidebar,
 * footer (with the WhatsApp widget) and the mandatory plan modal.
 */
export function AppShell(props: {
  title: string
  withSidebar?: boolean
  children: React.ReactNode
}) {
  const session = useSession()
  const { t, ready } = useTranslation()
  const { url } = usePage()
  useTheme()
  if (!session) return <LogoSpinner />
  return (
    // Top bar and footer stay in view; only the content scrolls (a trading screen).
    <div className="flex h-screen flex-col">
      <Head title={t(props.title)} />
      <BrandIcon />
      {!ready && <LogoSpinner />}
      <ImpersonationBanner />
      <TopBar session={session} />
      <div className="flex min-h-0 flex-1 gap-6 overflow-y-auto p-4">
        {props.withSidebar && (
          <aside className="hidden w-56 shrink-0 md:block">
            <AccountSidebar activePath={url} />
          </aside>
        )}
        <main className="min-w-0 flex-1">{props.children}</main>
      </div>
      <ShellFooter session={session} />
      <PlanModal session={session} />
    </div>
  )
}
