import { Button } from '@heroui/react'
import { useEffect, useState } from 'react'
import { router } from '@inertiajs/react'
import type { Session } from '~/hooks/use_shared'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { LanguagePicker } from '~/components/common/language_picker'
import { ThemeSwitch } from '~/components/common/theme_switch'
import { WhatsAppWidget } from '~/components/common/whatsapp_widget'
import { LOCAL_KEYS, readLocal } from '~/lib/storage'
import { backToAdmin } from '~/lib/session'

/** Copyright, language, dark mode, the role button, Back To Admin (customer spec §2 Footer) and WhatsApp support. */
export function ShellFooter({ session }: { session: Session }) {
  const branding = useBranding()
  const { t } = useTranslation()
  const [impersonating, setImpersonating] = useState(false)
  // The spec's local flag; the server's record of a login-as session shows it too (another tab, a cleared storage).
  useEffect(
    () =>
      setImpersonating(
        readLocal(LOCAL_KEYS.backToAdmin) === 'enabled' || session.impersonation !== null
      ),
    [session.impersonation]
  )

  return (
    <footer className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-divider px-4 py-2 text-small sm:py-3">
      <span>
        © {new Date().getFullYear()} {branding.appName}. {t('All rights reserved.')}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        {session.roleHome && (
          <Button
            size="sm"
            color="secondary"
            variant="flat"
            onPress={() => router.visit(session.roleHome!.href)}
            data-testid="role-button"
          >
            {t(session.roleHome.label)}
          </Button>
        )}
        {impersonating && (
          <Button
            size="sm"
            color="warning"
            variant="flat"
            onPress={backToAdmin}
            data-testid="back-to-admin"
          >
            {t('Back To Admin')}
          </Button>
        )}
        <LanguagePicker />
        <ThemeSwitch />
        <WhatsAppWidget />
      </div>
    </footer>
  )
}
