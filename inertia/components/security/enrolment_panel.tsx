import { Button } from '@heroui/react'
import { TextField } from '~/components/form/text_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError } from '~/lib/toast'
import { ApiError } from '~/lib/api'
import { required } from '~/lib/rules'

export interface Enrolment {
  qrCode: string
  manualKey: string
  account: string
  issuer: string
}

/**
 * Scan the QR code (or type the key) into an authenticator app, then prove it
 * with a code. `url` is where the code goes; the answer carries the recovery codes.
 */
export function EnrolmentPanel<T>(props: {
  enrolment: Enrolment
  url: string
  onConfirmed: (data: T) => void
  onExpired?: (message: string) => void
}) {
  const { t } = useTranslation()
  const form = useApiForm({ code: '' }, (v) => ({ code: required(v.code, 'Code is required') }))
  const { enrolment } = props
  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-enrolment">
      <ol className="list-decimal space-y-1 pl-5 text-small">
        <li>
          {t(
            'Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, …).'
          )}
        </li>
        <li>{t('Scan this QR code, or type the key below into the app.')}</li>
        <li>{t('Enter the 6-digit code the app shows.')}</li>
      </ol>
      <img
        src={enrolment.qrCode}
        alt={t('QR code for your authenticator app')}
        className="h-52 w-52 self-center rounded-medium bg-white p-2"
        data-testid="two-factor-qr"
      />
      <div className="text-small">
        <p className="text-default-500">
          {t('Key')} ({enrolment.issuer} · {enrolment.account})
        </p>
        <p className="break-all font-mono text-medium" data-testid="manual-key">
          {enrolment.manualKey}
        </p>
      </div>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          form.submit<T>('POST', props.url, {
            onSuccess: props.onConfirmed,
            onError: (message, error) => {
              if (error instanceof ApiError && error.status === 400 && props.onExpired)
                return props.onExpired(message)
              toastError(message)
            },
          })
        }}
      >
        <TextField
          form={form}
          name="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          data-testid="two-factor-code"
        />
        <Button
          type="submit"
          color="primary"
          isLoading={form.processing}
          data-testid="two-factor-submit"
        >
          {t('Turn on')}
        </Button>
      </form>
    </div>
  )
}
