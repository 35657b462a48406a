import { useCallback, useState } from 'react'
import { Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import { AuthLayout } from '~/layouts/auth_layout'
import { SignInLink } from '~/components/common/sign_in_link'
import { TextField } from '~/components/form/text_field'
import { Captcha } from '~/components/common/captcha'
import { ResultDialog } from '~/components/common/result_dialog'
import { useApiForm } from '~/hooks/use_api_form'
import { useBranding } from '~/hooks/use_shared'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { EMAIL_PATTERN } from '~/lib/rules'
import { route } from '~/lib/routes'

export default function ForgotPassword() {
  const branding = useBranding()
  const { t } = useTranslation()
  const captchaKey = branding.recaptcha.key
  const [sent, setSent] = useState(false)
  const form = useApiForm({ email: '', humanKey: '' }, (v) => ({
    email: !v.email
      ? 'Email is required'
      : !EMAIL_PATTERN.test(v.email)
        ? 'Enter a valid email address'
        : undefined,
  }))
  const setHumanKey = useCallback((v: string) => form.setValue('humanKey', v), [form.setValue])

  return (
    <AuthLayout title="Forgot Password">
      <h1 className="text-xl font-semibold">{t('Forgot Password')}</h1>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit('POST', route('auth.forgot'), {
            transform: (v) => ({ ...v, humanKey: v.humanKey || undefined }),
            onSuccess: () => setSent(true),
            onError: (message) => toastError(message),
          })
        }}
      >
        <TextField form={form} name="email" label="Email Address" type="email" />
        {captchaKey && <Captcha siteKey={captchaKey} onChange={setHumanKey} />}
        <Button type="submit" color="primary" isLoading={form.processing}>
          {t('Submit')}
        </Button>
      </form>
      <SignInLink />
      <ResultDialog
        isOpen={sent}
        title="Verification Email Sent"
        message="A link to reset your password has been sent to your email address."
        actionLabel="Sign In"
        onAction={() => router.visit(route('auth.login.show'))}
      />
    </AuthLayout>
  )
}
