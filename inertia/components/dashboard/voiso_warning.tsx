import { Alert } from '@heroui/react'
import { Link } from '@inertiajs/react'
import { VOISO_CONNECTION_MESSAGES } from '@domain/voiso_connection'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * A warning while the saved Voiso key cannot connect (issue 21 item 8), from
 * the last answer Voiso gave this app (it has no heartbeat); it links to API
 * Settings, where the key is changed or disconnected (API Status lists only
 * the market-data feeds).
 */
export function VoisoWarning(props: { problem: string | null }) {
  const { t } = useTranslation()
  if (!props.problem) return null
  const message = VOISO_CONNECTION_MESSAGES.has(props.problem) ? t(props.problem) : props.problem
  return (
    <Alert
      color="warning"
      title={t('The saved Voiso key cannot connect')}
      data-testid="dashboard-voiso-warning"
      description={
        <span>
          {message}{' '}
          <Link href={route('admin.apis')} className="text-primary underline">
            {t('API Settings')}
          </Link>
        </span>
      }
    />
  )
}
