import { useEffect, useState } from 'react'
import {
  Button,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Select,
  SelectItem,
  Spinner,
} from '@heroui/react'
import { api } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { StepperInput } from '~/components/trading/stepper_input'
import type { OrderRow } from '~/hooks/use_orders'
import { money } from '@domain/money'
import { isDecimalString } from '@domain/decimal_strings'
import { partialAmountError } from '@domain/partial_close'
import type { Category } from '@domain/instruments'
import { route } from '~/lib/routes'

interface LotState {
  lotState: 'amount' | 'lot'
  lotSelector: { value: string; label: string }[]
}

/**
 * "Close part" of an open position (issue 23 item 3): the units to close, or
 * in lot mode one of the category's lot sizes below the open amount; that
 * part closes at market (POST /dashboard/orders/close with `amount`) and the
 * rest stays open under the ticket.
 */
export function ClosePartModal(props: {
  order: OrderRow
  category: Category | undefined
  onClose: () => void
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const { order } = props
  const [lots, setLots] = useState<LotState | null>(null)
  const lotMode = lots?.lotState === 'lot'
  // Only sizes that leave part of the position open.
  const offered = (lots?.lotSelector ?? []).filter(
    (l) => isDecimalString(l.value) && money(l.value).lessThan(money(order.units))
  )
  const form = useApiForm({ amount: '' }, (v) => ({
    amount: !isDecimalString(v.amount)
      ? 'Amount is required'
      : partialAmountError(v.amount, order.units, {
          lotMode,
          offered: offered.map((l) => l.value),
        })?.message,
  }))

  useEffect(() => {
    if (!props.category) return setLots({ lotState: 'amount', lotSelector: [] })
    api<LotState>('GET', route('market.lot_state', { category: props.category }))
      .then(setLots)
      .catch(() => {
        toastError('Something went wrong')
        props.onClose()
      })
  }, [order.id, props.category])

  const error = form.errorFor('amount')
  const submit = () =>
    form.submit<{ message: string }>('POST', route('orders.close'), {
      transform: (v) => ({ orderId: order.id, instrument: order.instrument, amount: v.amount }),
      onSuccess: (data) => {
        toastSuccess(data.message)
        props.onClosed()
        props.onClose()
      },
      onError: (message) => toastError(message),
    })

  return (
    <Modal isOpen onClose={props.onClose} size="lg" data-testid="close-part-modal">
      <ModalContent>
        <ModalHeader>
          {t('Close part')} · {order.pair}
        </ModalHeader>
        <ModalBody>
          {!lots ? (
            <div className="flex justify-center py-6">
              <Spinner label={t('Loading')} />
            </div>
          ) : (
            <>
              <p className="text-small text-default-500">
                {t('Open units: {units}', { units: order.units })}
              </p>
              {lotMode ? (
                <Select
                  label={t('Lot size')}
                  selectedKeys={form.values.amount ? [form.values.amount] : []}
                  onSelectionChange={(keys) => {
                    form.setValue('amount', String([...keys][0] ?? ''))
                    form.touch('amount')
                  }}
                  isInvalid={!!error}
                  errorMessage={error ? t(error) : undefined}
                  data-testid="close-part-lot"
                >
                  {offered.map((l) => (
                    <SelectItem key={l.value}>{l.label}</SelectItem>
                  ))}
                </Select>
              ) : (
                <StepperInput
                  label={t('Units to close')}
                  value={form.values.amount}
                  onChange={(v) => {
                    form.setValue('amount', v)
                    form.touch('amount')
                  }}
                  min="0"
                  max={order.units}
                  error={error ? t(error) : undefined}
                  testId="close-part-amount"
                />
              )}
            </>
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="flat" onPress={props.onClose}>
            {t('Cancel')}
          </Button>
          <Button
            color="danger"
            isLoading={form.processing}
            isDisabled={!lots}
            onPress={submit}
            data-testid="close-part-submit"
          >
            {t('Close part')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
