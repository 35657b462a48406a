import { useState } from 'react'
import { Alert, Button } from '@heroui/react'
import { router } from '@inertiajs/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type TwoFactorController from '#controllers/auth/two_factor_controller'
import { AuthLayout } from '~/layouts/auth_layout'
import { SignInLink } from '~/components/common/sign_in_link'
import { EnrolmentPanel } from '~/components/security/enrolment_panel'
import { RecoveryCodes } from '~/components/security/recovery_codes'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { route } from '~/lib/routes'

type Confirmed = { recoveryCodes: string[]; redirect: string }

/** First login of a staff member: two-factor login is mandatory, so they set it up before anything else. */
export default function TwoFactorEnrol({
  enrolment,
}: InferPageProps<TwoFactorController, 'enrolment'>) {
  const { t } = useTranslation()
  const [done, setDone] = useState<Confirmed | null>(null)

  return (
    <AuthLayout title="Set up two-factor login">
      <h1 className="text-xl font-semibold">{t('Set up two-factor login')}</h1>
      {done ? (
        <>
          <Alert color="success" description={t('Two-factor login is on')} />
          <RecoveryCodes codes={done.recoveryCodes} />
          <Button
            color="primary"
            onPress={() => router.visit(done.redirect)}
            data-testid="two-factor-continue"
          >
            {t('Continue')}
          </Button>
        </>
      ) : (
        <>
          <p className="text-small text-default-500">
            {t('Staff accounts sign in with a password and a code from an authenticator app.')}
          </p>
          <EnrolmentPanel<Confirmed>
            enrolment={enrolment}
            url={route('two_factor.confirm')}
            onConfirmed={setDone}
            onExpired={(message) => {
              toastError(message)
              router.visit(route('auth.login.show'))
            }}
          />
          <SignInLink />
        </>
      )}
    </AuthLayout>
  )
}
