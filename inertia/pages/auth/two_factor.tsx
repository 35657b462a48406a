import { Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { SignInLink } from '~/components/common/sign_in_link'
import { TextField } from '~/components/form/text_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { ApiError } from '~/lib/api'
import { required } from '~/lib/rules'
import { route } from '~/lib/routes'

/** The code step of login: a code from the authenticator app, or a recovery code. */
export default function TwoFactor() {
  const { t } = useTranslation()
  const form = useApiForm({ code: '' }, (v) => ({ code: required(v.code, 'Code is required') }))

  return (
    <AuthLayout title="Two-factor login">
      <h1 className="text-xl font-semibold">{t('Two-factor login')}</h1>
      <p className="text-small text-default-500">
        {t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')}
      </p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit<{ redirect: string }>('POST', route('two_factor.verify'), {
            onSuccess: (data) => router.visit(data.redirect),
            onError: (message, error) => {
              toastError(message, 'bottom-center')
              // The password step has expired: start again at the login form.
              if (error instanceof ApiError && error.status === 400)
                router.visit(route('auth.login.show'))
            },
          })
        }}
      >
        <TextField
          form={form}
          name="code"
          label="Code"
          autoComplete="one-time-code"
          autoFocus
          data-testid="two-factor-code"
        />
        <Button
          type="submit"
          color="primary"
          isLoading={form.processing}
          data-testid="two-factor-submit"
        >
          {t('Verify')}
        </Button>
      </form>
      <SignInLink />
    </AuthLayout>
  )
}
