import { Link } from '@inertiajs/react'
import { Alert, Link as UiLink } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** The red KYC notice of the money screens (customer spec §2): the message and a link to /kyc. */
export function KycNotice({ message }: { message: string }) {
  const { t } = useTranslation()
  return (
    <Alert color="danger" data-testid="kyc-warning" title={t(message)}>
      <UiLink as={Link} href="/kyc" size="sm" color="danger" underline="always">
        {t('Click here')}
      </UiLink>
    </Alert>
  )
}
