import { useState } from 'react'
import { Button, Card, CardBody, CardHeader, Chip } from '@heroui/react'
import { router } from '@inertiajs/react'
import { TextField } from '~/components/form/text_field'
import { EnrolmentPanel, type Enrolment } from '~/components/security/enrolment_panel'
import { RecoveryCodes } from '~/components/security/recovery_codes'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { api, errorMessage } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { required } from '~/lib/rules'
import { route } from '~/lib/routes'

export interface TwoFactorStatus {
  enabled: boolean
  mandatory: boolean
  recoveryCodesLeft: number
}

type Codes = { message: string; recoveryCodes: string[] }

const reloadStatus = () => router.reload({ only: ['twoFactor'] })

/**
 * Two-factor login on the Security page: turn it on (QR code, then a code),
 * renew the recovery codes (password), turn it off (password and a code;
 * customers only: it is mandatory for staff).
 */
export function TwoFactorCard({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [starting, setStarting] = useState(false)
  const renew = useApiForm({ password: '' }, (v) => ({
    password: required(v.password, 'Password is required'),
  }))
  const off = useApiForm({ password: '', code: '' }, (v) => ({
    password: required(v.password, 'Password is required'),
    code: required(v.code, 'Code is required'),
  }))

  const start = async () => {
    setStarting(true)
    try {
      const data = await api<{ enrolment: Enrolment }>('POST', route('security.two_factor.setup'))
      setEnrolment(data.enrolment)
    } catch (error) {
      toastError(errorMessage(error))
    } finally {
      setStarting(false)
    }
  }
  const showCodes = (data: Codes) => {
    toastSuccess(data.message)
    setEnrolment(null)
    setCodes(data.recoveryCodes)
    renew.setValues({ password: '' })
    reloadStatus()
  }

  return (
    <Card className="max-w-lg" data-testid="two-factor-card">
      <CardHeader className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('Two-factor login')}</h2>
        <Chip color={status.enabled ? 'success' : 'default'} variant="flat">
          {t(status.enabled ? 'On' : 'Off')}
        </Chip>
      </CardHeader>
      <CardBody className="flex flex-col gap-6">
        {codes && <RecoveryCodes codes={codes} />}
        {!status.enabled && !enrolment && (
          <>
            <p className="text-small text-default-500">
              {t('Sign in with your password and a code from an authenticator app on your phone.')}
            </p>
            <Button color="primary" className="self-start" isLoading={starting} onPress={start}>
              {t('Turn on two-factor login')}
            </Button>
          </>
        )}
        {!status.enabled && enrolment && (
          <EnrolmentPanel<Codes>
            enrolment={enrolment}
            url={route('security.two_factor.confirm')}
            onConfirmed={showCodes}
          />
        )}
        {status.enabled && (
          <>
            <p className="text-small" data-testid="recovery-codes-left">
              {t('{count} unused recovery codes left.', { count: status.recoveryCodesLeft })}
            </p>
            <form
              className="flex flex-col gap-4"
              onSubmit={(e) => {
                e.preventDefault()
                renew.submit<Codes>('POST', route('security.two_factor.recovery_codes'), {
                  onSuccess: showCodes,
                  onError: (message) => toastError(message),
                })
              }}
            >
              <TextField
                form={renew}
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
              />
              <Button
                type="submit"
                variant="flat"
                className="self-start"
                isLoading={renew.processing}
              >
                {t('New recovery codes')}
              </Button>
            </form>
            {!status.mandatory && (
              <form
                className="flex flex-col gap-4"
                onSubmit={(e) => {
                  e.preventDefault()
                  off.submit<{ message: string }>('DELETE', route('security.two_factor.destroy'), {
                    onSuccess: (data) => {
                      toastSuccess(data.message)
                      off.setValues({ password: '', code: '' })
                      setCodes(null)
                      reloadStatus()
                    },
                    onError: (message) => toastError(message),
                  })
                }}
              >
                <TextField
                  form={off}
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                />
                <TextField form={off} name="code" label="Code" autoComplete="one-time-code" />
                <Button
                  type="submit"
                  color="danger"
                  variant="flat"
                  className="self-start"
                  isLoading={off.processing}
                >
                  {t('Turn off two-factor login')}
                </Button>
              </form>
            )}
          </>
        )}
      </CardBody>
    </Card>
  )
}
