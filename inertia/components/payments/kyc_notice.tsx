import { Link } from '@inertiajs/react'
import { Link as UiLink } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * The KYC notice (customer spec §2): the message and a link to /kyc; red on
 * the money screens, amber on the dashboard. One compact line that wraps,
 * so it never pushes the page's content down much, even on a phone.
 */
export function KycNotice({
  message,
  color = 'danger',
}: {
  message: string
  color?: 'danger' | 'warning'
}) {
  const { t } = useTranslation()
  const tone =
    color === 'danger'
      ? 'border-danger/40 bg-danger-50 text-danger'
      : 'border-warning/40 bg-warning-50 text-warning'
  return (
    <div
      role="alert"
      className={`rounded-medium border px-3 py-2 text-small ${tone}`}
      data-testid="kyc-warning"
    >
      <span className="font-medium">{t(message)}</span>{' '}
      <UiLink as={Link} href={route('kyc.show')} size="sm" color={color} underline="always">
        {t('Click here')}
      </UiLink>
    </div>
  )
}
