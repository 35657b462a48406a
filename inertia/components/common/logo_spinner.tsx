import { Spinner } from '@heroui/react'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'

/** Full-screen loading state with the logo (customer spec §2 Shell). */
export function LogoSpinner() {
  const branding = useBranding()
  const { t } = useTranslation()
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-background"
      role="status"
      aria-label={t('Loading')}
    >
      <img src={branding?.appLogo ?? '/logo.svg'} alt={branding?.appName ?? ''} className="h-10" />
      <Spinner size="lg" />
    </div>
  )
}
