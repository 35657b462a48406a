import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { TextField } from '~/components/form/text_field'

/**
 * What changing one's own password or e-mail needs (issue 21 item 6): the
 * current password and, for staff (`withCode`), a fresh code from the
 * authenticator app or a recovery code. The server asks for them only then.
 */
export function OwnCredentialProof<V extends { currentPassword: string; twoFactorCode: string }>({
  form,
  withCode = true,
}: {
  form: ApiForm<V>
  withCode?: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        form={form}
        name="currentPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        description={t('Needed to change your password or email')}
      />
      {withCode && (
        <TextField
          form={form}
          name="twoFactorCode"
          label="Authentication Code"
          autoComplete="one-time-code"
          description={t('A code from your authenticator app, or a recovery code')}
        />
      )}
    </>
  )
}
