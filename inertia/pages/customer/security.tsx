import { Button, Card, CardBody, CardHeader } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type SecurityController from '#controllers/customer/security_controller'
import { TwoFactorCard } from '~/components/security/two_factor_card'
import { AppShell } from '~/layouts/app_shell'
import { TextField } from '~/components/form/text_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { passwordRule, required } from '~/lib/rules'
import { route } from '~/lib/routes'

const initial = { currentPassword: '', newPassword: '', twoFactorCode: '' }

export default function Security({ twoFactor }: InferPageProps<SecurityController, 'show'>) {
  const { t } = useTranslation()
  const form = useApiForm(initial, (v) => ({
    currentPassword: required(v.currentPassword, 'Current password is required'),
    newPassword: passwordRule(v.newPassword, 'New password is required'),
  }))

  return (
    <AppShell title="Security" withSidebar>
      <Card className="max-w-lg">
        <CardHeader>
          <h1 className="text-lg font-semibold">{t('Security')}</h1>
        </CardHeader>
        <CardBody>
          <form
            className="flex flex-col gap-6"
            onSubmit={(e) => {
              e.preventDefault()
              form.submit<{ message: string }>('PUT', route('security.update'), {
                onSuccess: (data) => {
                  toastSuccess(data.message)
                  form.setValues(initial)
                },
                onError: (message) => toastError(message),
              })
            }}
          >
            <TextField
              form={form}
              name="currentPassword"
              label="Current Password"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              form={form}
              name="newPassword"
              label="New Password"
              type="password"
              autoComplete="new-password"
            />
            {twoFactor.mandatory && (
              // Staff prove the second factor too (issue 21 item 6).
              <TextField
                form={form}
                name="twoFactorCode"
                label="Authentication Code"
                autoComplete="one-time-code"
                description={t('A code from your authenticator app, or a recovery code')}
              />
            )}
            <Button
              type="submit"
              color="primary"
              isLoading={form.processing}
              className="self-start"
            >
              {t('Submit')}
            </Button>
          </form>
        </CardBody>
      </Card>
      <div className="mt-6">
        <TwoFactorCard status={twoFactor} />
      </div>
    </AppShell>
  )
}
