// STUB: replaced by helper C
import { Button } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** 'Login as' on the customer page (CRM spec §2.9): the stub is a disabled button. */
export function LoginAsButton(props: { userId: number }) {
  const { t } = useTranslation()
  return (
    <Button size="sm" variant="flat" isDisabled data-testid={`login-as-${props.userId}`}>
      {t('Login as')}
    </Button>
  )
}
