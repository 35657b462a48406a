import { Button, Card, CardBody } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type WithdrawalsController from '#controllers/staff/withdrawals_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { NumberField } from '~/components/form/number_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'
import { isDecimalString } from '@domain/decimal_strings'

/**
 * Withdraw Settings (admin spec §2): Fee (%) and Fee (Fixed). Both are
 * required numbers; the spec's messages for them are, oddly, 'Forex spread is
 * required' and 'Commodity spread is required' (admin spec §5).
 */
export default function WithdrawSettings({
  settings,
}: InferPageProps<WithdrawalsController, 'settings'>) {
  const { t } = useTranslation()
  const form = useApiForm(
    { feePercentage: settings.feePercentage, feeFixed: settings.feeFixed },
    (v) => ({
      feePercentage: isDecimalString(v.feePercentage) ? undefined : 'Forex spread is required',
      feeFixed: isDecimalString(v.feeFixed) ? undefined : 'Commodity spread is required',
    })
  )
  return (
    <>
      <Card className="max-w-xl">
        <CardBody>
          <form
            className="flex flex-col gap-6"
            data-testid="withdraw-settings-form"
            onSubmit={(e) => {
              e.preventDefault()
              form.submit<{ message: string }>('POST', route('admin.withdraws.settings.update'), {
                transform: (v) => ({
                  feePercentage: v.feePercentage.trim(),
                  feeFixed: v.feeFixed.trim(),
                }),
                onSuccess: (data) => toastSuccess(data.message),
                onError: (message) => toastError(message),
              })
            }}
          >
            <NumberField form={form} name="feePercentage" label="Fee (%)" decimals={Infinity} />
            <NumberField form={form} name="feeFixed" label="Fee (Fixed)" decimals={Infinity} />
            <Button
              type="submit"
              color="primary"
              isLoading={form.processing}
              className="self-start"
            >
              {t('Submit')}
            </Button>
          </form>
        </CardBody>
      </Card>
    </>
  )
}

WithdrawSettings.layout = staffLayout
