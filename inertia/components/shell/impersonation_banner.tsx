import { Button } from '@heroui/react'
import { useSession } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { backToAdmin } from '~/lib/session'

/**
 * Beyond the spec (issue 14 item 4): in a login-as session, every page says
 * whose account is being viewed, by whom and until when, with the way back.
 * The server decides (shared prop `session.impersonation`), not a local flag.
 */
export function ImpersonationBanner() {
  const session = useSession()
  const { t } = useTranslation()
  const impersonation = session?.impersonation
  if (!impersonation) return null
  const endsAt = new Date(impersonation.endsAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  })
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning px-4 py-1.5 text-small text-warning-foreground"
      data-testid="impersonation-banner"
    >
      <span>
        {t('You are viewing the account of {customer} as {staff}.', {
          customer: impersonation.customerName,
          staff: impersonation.staffName,
        })}{' '}
        {t('This login-as session ends at {time}.', { time: endsAt })}
      </span>
      <Button
        size="sm"
        variant="bordered"
        className="h-6 border-warning-foreground text-warning-foreground"
        onPress={backToAdmin}
        data-testid="banner-back-to-admin"
      >
        {t('Back To Admin')}
      </Button>
    </div>
  )
}
