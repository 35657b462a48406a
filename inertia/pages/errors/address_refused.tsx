import { ErrorView } from '~/components/common/error_view'
import { useTranslation } from '~/hooks/use_translation'

/** 403 for a staff account outside its IP whitelist (issue 12 item 2; AddressRefusedException). */
export default function AddressRefused({ address }: { address: string }) {
  const { t } = useTranslation()
  return (
    <ErrorView
      title="Access denied"
      message="Access from this address is not allowed for this account. Sign in from an allowed address, or ask an admin to change your IP whitelist."
    >
      <p className="text-small text-default-400" data-testid="address-refused">
        {t('Your address: {address}', { address })}
      </p>
    </ErrorView>
  )
}
