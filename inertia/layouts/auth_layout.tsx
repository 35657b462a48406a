import { Head } from '@inertiajs/react'
import { Card, CardBody } from '@heroui/react'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { useTheme } from '~/hooks/use_theme'
import { LanguagePicker } from '~/components/common/language_picker'
import { LogoSpinner } from '~/components/common/logo_spinner'
import { BrandIcon } from '~/components/common/brand_icon'

/** Branded visitor page: background image, logo, language selector, a card. */
export function AuthLayout(props: { title: string; wide?: boolean; children: React.ReactNode }) {
  const branding = useBranding()
  const { t, ready } = useTranslation()
  useTheme()
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center bg-background bg-cover bg-center p-4"
      style={
        branding.authBackground ? { backgroundImage: `url(${branding.authBackground})` } : undefined
      }
    >
      <Head title={t(props.title)} />
      <BrandIcon />
      {!ready && <LogoSpinner />}
      <div className="absolute right-4 top-4">
        <LanguagePicker />
      </div>
      <img src={branding.appLogo} alt={branding.appName} className="mb-6 h-10" />
      <Card className={`w-full ${props.wide ? 'max-w-3xl' : 'max-w-md'}`}>
        <CardBody className="gap-4 p-6">{props.children}</CardBody>
      </Card>
    </div>
  )
}
