import { useState } from 'react'
import { Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type PasswordResetController from '#controllers/auth/password_reset_controller'
import { AuthLayout } from '~/layouts/auth_layout'
import { SignInLink } from '~/components/common/sign_in_link'
import { TextField } from '~/components/form/text_field'
import { ResultDialog } from '~/components/common/result_dialog'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { passwordRule } from '~/lib/rules'
import { route } from '~/lib/routes'

export default function ResetPassword({
  token,
}: InferPageProps<PasswordResetController, 'showReset'>) {
  const { t } = useTranslation()
  const [done, setDone] = useState(false)
  const form = useApiForm({ password: '' }, (v) => ({ password: passwordRule(v.password) }))

  return (
    <AuthLayout title="Reset Password">
      <h1 className="text-xl font-semibold">{t('Reset Password')}</h1>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit('PUT', route('auth.reset'), {
            transform: (v) => ({ password: v.password, token }),
            onSuccess: () => setDone(true),
            onError: (message) => toastError(message),
          })
        }}
      >
        <TextField
          form={form}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" color="primary" isLoading={form.processing}>
          {t('Submit')}
        </Button>
      </form>
      <SignInLink />
      <ResultDialog
        isOpen={done}
        title="Password Updated"
        message="Your password has been updated. You can log in now."
        actionLabel="Login"
        onAction={() => router.visit(route('auth.login.show'))}
      />
    </AuthLayout>
  )
}
