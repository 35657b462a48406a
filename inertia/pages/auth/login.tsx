import { useCallback } from 'react'
import { Alert, Button, Checkbox, Link as UiLink } from '@heroui/react'
import { Link, router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type LoginController from '#controllers/auth/login_controller'
import { AuthLayout } from '~/layouts/auth_layout'
import { TextField } from '~/components/form/text_field'
import { Captcha } from '~/components/common/captcha'
import { useApiForm } from '~/hooks/use_api_form'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { ApiError } from '~/lib/api'
import { route } from '~/lib/routes'

export default function Login({ notice }: InferPageProps<LoginController, 'show'>) {
  const branding = useBranding()
  const { t } = useTranslation()
  const captchaOn = branding.recaptcha.status === 'on' && !!branding.recaptcha.key
  const form = useApiForm({ email: '', password: '', remember: false, humanKey: '' })
  const setHumanKey = useCallback((v: string) => form.setValue('humanKey', v), [form.setValue])

  const canSubmit =
    !!form.values.email && !!form.values.password && (!captchaOn || !!form.values.humanKey)

  return (
    <AuthLayout title="Login">
      <h1 className="text-xl font-semibold">{t('Login')}</h1>
      {notice && <Alert color="primary" description={t(notice)} data-testid="login-notice" />}
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit<{ redirect: string }>('POST', route('auth.login'), {
            transform: (v) => ({ ...v, humanKey: v.humanKey || undefined }),
            onSuccess: (data) => router.visit(data.redirect),
            onError: (message, error) =>
              toastError(
                error instanceof ApiError && error.status !== 0 ? message : 'Invalid Credentials',
                'bottom-center'
              ),
          })
        }}
      >
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" />
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Checkbox
          isSelected={form.values.remember}
          onValueChange={(v) => form.setValue('remember', v)}
        >
          {t('Remember Me')}
        </Checkbox>
        {captchaOn && <Captcha siteKey={branding.recaptcha.key!} onChange={setHumanKey} />}
        {form.errorFor('humanKey') && (
          <p className="text-tiny text-danger">{t(form.errorFor('humanKey')!)}</p>
        )}
        <Button type="submit" color="primary" isDisabled={!canSubmit} isLoading={form.processing}>
          {t('Login')}
        </Button>
      </form>
      <div className="flex justify-between text-small">
        <UiLink as={Link} href={route('auth.signup.show')} size="sm">
          {t('Sign Up')}
        </UiLink>
        <UiLink as={Link} href={route('auth.forgot.show')} size="sm">
          {t('Forgot password?')}
        </UiLink>
      </div>
    </AuthLayout>
  )
}
