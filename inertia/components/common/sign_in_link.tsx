import { Link as UiLink } from '@heroui/react'
import { Link } from '@inertiajs/react'
import { useTranslation } from '~/hooks/use_translation'

/** The visitor pages' 'Sign In' link back to the login page (/). */
export function SignInLink() {
  const { t } = useTranslation()
  return (
    <UiLink as={Link} href="/" size="sm">
      {t('Sign In')}
    </UiLink>
  )
}
