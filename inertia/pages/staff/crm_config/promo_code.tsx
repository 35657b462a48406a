import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Card, CardBody, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type CrmConfigController from '#controllers/staff/crm_config_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { api, errorMessage } from '~/lib/api'
import { route } from '~/lib/routes'
import { toastError, toastSuccess } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'

/**
 * Promo Code (CRM spec §2.7, §8): the signed-in staff member's current code,
 * read-only, and a Generate button. The server draws the new code; the page
 * reloads after the request whether it succeeded or failed.
 */
export default function PromoCode({ code }: InferPageProps<CrmConfigController, 'promoCodePage'>) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)

  async function generate() {
    setBusy(true)
    try {
      const data = await api<{ message: string }>('POST', route('admin.promoCode.generate'), {
        code: code ?? '',
      })
      toastSuccess(data.message)
    } catch (error) {
      toastError(errorMessage(error))
    } finally {
      setBusy(false)
      router.reload()
    }
  }

  return (
    <Card className="max-w-xl">
      <CardBody className="flex flex-col gap-6">
        <Input
          label={t('Promo Code')}
          labelPlacement="outside"
          placeholder=" "
          variant="bordered"
          value={code ?? ''}
          isReadOnly
          data-testid="promo-code"
        />
        <Button
          color="primary"
          className="self-start"
          isLoading={busy}
          onPress={generate}
          data-testid="promo-code-generate"
        >
          {t('Generate')}
        </Button>
      </CardBody>
    </Card>
  )
}

PromoCode.layout = staffLayout
