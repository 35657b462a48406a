import { Button } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/**
 * A staff list row's Approve and Decline buttons (deposits, withdrawals, KYC
 * documents): each only asks, through the page's `useRowAction` dialog.
 * Without `onApprove` only Decline shows (a KYC document already approved).
 * Test ids: `{prefix}approve-{id}`, `{prefix}decline-{id}`.
 */
export function DecisionButtons(props: {
  id: number
  onApprove?: () => void
  onDecline: () => void
  testIdPrefix?: string
}) {
  const { t } = useTranslation()
  const prefix = props.testIdPrefix ?? ''
  return (
    <div className="flex gap-2">
      {props.onApprove && (
        <Button
          size="sm"
          color="success"
          variant="flat"
          onPress={props.onApprove}
          data-testid={`${prefix}approve-${props.id}`}
        >
          {t('Approve')}
        </Button>
      )}
      <Button
        size="sm"
        color="danger"
        variant="flat"
        onPress={props.onDecline}
        data-testid={`${prefix}decline-${props.id}`}
      >
        {t('Decline')}
      </Button>
    </div>
  )
}
