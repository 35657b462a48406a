import type { ReactNode } from 'react'
import { Button } from '@heroui/react'
import { Head } from '@inertiajs/react'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { ImpersonationBanner } from '~/components/shell/impersonation_banner'

/** The body of the 403, 404 and 500 pages. */
export function ErrorView({
  title,
  message,
  children,
}: {
  title: string
  message: string
  /** More about this error, under the message. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  useTheme()
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <div className="fixed inset-x-0 top-0">
        <ImpersonationBanner />
      </div>
      <Head title={t(title)} />
      <h1 className="text-2xl font-semibold">{t(title)}</h1>
      <p className="text-default-500">{t(message)}</p>
      {children}
      <Button color="primary" onPress={() => (window.location.href = '/')}>
        {t('Go home')}
      </Button>
    </div>
  )
}
