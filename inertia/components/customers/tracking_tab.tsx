// STUB: replaced by helper C
import { useTranslation } from '~/hooks/use_translation'

/** The Tracking tab of the customer page (CRM spec §2.9): the stub shows an empty list. */
export function TrackingTab(props: { userId: number }) {
  const { t } = useTranslation()
  return (
    <p className="text-small text-default-500" data-testid={`tracking-empty-${props.userId}`}>
      {t('No data found')}
    </p>
  )
}
