import { Alert, Button } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { toastSuccess } from '~/lib/toast'

/** The ten recovery codes, shown once: the person keeps them somewhere safe. */
export function RecoveryCodes(props: { codes: string[] }) {
  const { t } = useTranslation()
  const copy = async () => {
    await navigator.clipboard?.writeText(props.codes.join('\n'))
    toastSuccess('Recovery codes copied')
  }
  return (
    <div className="flex flex-col gap-3" data-testid="recovery-codes">
      <Alert
        color="warning"
        description={t(
          'Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.'
        )}
      />
      <ul className="grid grid-cols-2 gap-2 font-mono text-small">
        {props.codes.map((code) => (
          <li key={code} className="rounded-medium bg-default-100 px-3 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <Button size="sm" variant="flat" className="self-start" onPress={copy}>
        {t('Copy')}
      </Button>
    </div>
  )
}
