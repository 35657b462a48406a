import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Card, CardBody, Input, Link } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type AffiliatesController from '#controllers/staff/affiliates_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { api, errorMessage } from '~/lib/api'
import { route } from '~/lib/routes'
import { toastError, toastSuccess } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'

/**
 * Affiliate API Key (CRM spec §2.4, §8; issue 14 item 5): the key, read-only,
 * the API's documentation, and Generate. The server keeps only the key's
 * hash: the full key is shown once, right after Generate (copy it then); the
 * page otherwise shows it masked. A new key revokes the old one at once.
 */
export default function AffiliateApiKey({
  apiKey,
}: InferPageProps<AffiliatesController, 'apiPage'>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [fresh, setFresh] = useState<string | null>(null)

  async function generate() {
    setBusy(true)
    try {
      const data = await api<{ message: string; key: string }>(
        'POST',
        route('affiliate.api.generate'),
        {}
      )
      setFresh(data.key)
      toastSuccess(data.message)
    } catch (error) {
      toastError(errorMessage(error))
    } finally {
      setBusy(false)
      router.reload({ only: ['apiKey'] })
    }
  }

  return (
    <Card className="max-w-xl">
      <CardBody className="flex flex-col gap-6">
        <Input
          label={t('API Key')}
          labelPlacement="outside"
          placeholder=" "
          variant="bordered"
          value={fresh ?? apiKey?.masked ?? ''}
          isReadOnly
          description={fresh ? t('Copy this key now: it will not be shown again') : undefined}
          data-testid="api-key"
        />
        <div className="flex items-center gap-4">
          <Button
            color="primary"
            isLoading={busy}
            onPress={generate}
            data-testid="api-key-generate"
          >
            {t('Generate')}
          </Button>
          <Link href={route('api.v1.openapi')} download data-testid="api-key-docs">
            {t('Download documentation')}
          </Link>
        </div>
      </CardBody>
    </Card>
  )
}

AffiliateApiKey.layout = staffLayout
