import { useState } from 'react'
import { Button } from '@heroui/react'
import { api, errorMessage } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'
import { startedLoginAs } from '~/lib/session'
import { route } from '~/lib/routes'

/**
 * The edit customer page's 'Login as' (admin CRM spec §2 Edit customer, §4, §7, §8):
 * POST /admin/customers/login-as/{id}; on success the markers the spec names
 * are stored (backToAdmin, and retAgent for a retention agent) and the page
 * goes to the site root as the customer; a failure toasts the server's
 * message, else 'Something went wrong'.
 */
export function LoginAsButton(props: { userId: number }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)

  async function loginAs() {
    setBusy(true)
    try {
      const answer = await api<{ redirect?: string; retAgent?: boolean }>(
        'POST',
        route('admin.customers.login_as', { id: props.userId })
      )
      startedLoginAs(answer.retAgent === true)
      window.location.href = answer.redirect ?? route('auth.login.show')
    } catch (error) {
      toastError(errorMessage(error))
      setBusy(false)
    }
  }

  return (
    <Button
      color="primary"
      variant="flat"
      isLoading={busy}
      onPress={loginAs}
      data-testid="customer-login-as"
    >
      {t('Login as')}
    </Button>
  )
}
