import { Link } from '@inertiajs/react'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { accountLinks } from '~/components/shell/account_links'

export function AccountSidebar({ activePath }: { activePath: string }) {
  const branding = useBranding()
  const session = useSession()
  const { t } = useTranslation()
  return (
    <nav className="flex flex-col gap-1" aria-label={t('Account')} data-testid="account-sidebar">
      {accountLinks(branding.pricingPlan, session?.user.roleId).map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className={`rounded-medium px-3 py-2 text-small ${
            activePath.startsWith(link.href)
              ? 'bg-primary text-primary-foreground'
              : 'hover:bg-default-100'
          }`}
        >
          {t(link.label)}
        </Link>
      ))}
    </nav>
  )
}
