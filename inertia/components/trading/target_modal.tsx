import { useEffect, useState } from 'react'
import {
  Button,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Switch,
} from '@heroui/react'
import { api } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'
import { StepperInput } from '~/components/trading/stepper_input'
import type { OrderRow } from '~/hooks/use_orders'
import { orderTargetErrors } from '@domain/risk'
import { isDecimalString } from '@domain/decimal_strings'
import { route } from '~/lib/routes'

export type TargetKind = 'loss' | 'profit'

/**
 * The Stop-loss and Take-profit modals on an open order (customer spec §2, §5):
 * the symbol pair as header, a switch enabling a rate input (step 0.00001,
 * minus and plus by 1 within the open-rate bounds), and the set button.
 * Switching it off clears the target.
 */
export function TargetModal(props: {
  order: OrderRow | null
  kind: TargetKind
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const order = props.order
  const [on, setOn] = useState(true)
  const [value, setValue] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!order) return
    const current = props.kind === 'loss' ? order.stopLoss : order.takeProfit
    setOn(true)
    setValue(current ?? order.openRate)
  }, [order?.id, props.kind])

  if (!order) return null
  const isLoss = props.kind === 'loss'
  // Bounds of the buttons: a buy's stop and a sell's target sit between 0 and the open rate; the others above it.
  const belowOpen = (isLoss && order.type === 'buy') || (!isLoss && order.type === 'sell')
  const bounds = belowOpen ? { min: '0', max: order.openRate } : { min: order.openRate }
  const valid = isDecimalString(value)
  const errors =
    on && valid
      ? orderTargetErrors({ type: order.type, openRate: order.openRate, [props.kind]: value })
      : []
  const label = isLoss ? t('Set Stop/Loss') : t('Set Take/Profit')

  async function save() {
    setSaving(true)
    try {
      await api('PUT', route('orders.update', { id: order!.id }), {
        [props.kind]: on ? value : null,
      })
      toastSuccess(isLoss ? 'Stop Loss Set Successfully' : 'Take Profit Set Successfully')
      props.onSaved()
      props.onClose()
    } catch {
      toastError('Something went wrong')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal isOpen onClose={props.onClose} size="lg" data-testid="target-modal">
      <ModalContent>
        <ModalHeader>{order.pair}</ModalHeader>
        <ModalBody>
          <Switch isSelected={on} onValueChange={setOn} data-testid="target-switch">
            {isLoss ? t('Close at loss') : t('Close at profit')}
          </Switch>
          {on ? (
            <StepperInput
              label={t('Rate')}
              value={value}
              onChange={setValue}
              {...bounds}
              error={errors[0]?.message ? t(errors[0].message) : undefined}
              testId="target-rate"
            />
          ) : (
            <p className="text-small text-default-500">
              {t('Set a rate to close position at profit/loss')}
            </p>
          )}
        </ModalBody>
        <ModalFooter>
          <Button
            color="primary"
            onPress={save}
            isLoading={saving}
            isDisabled={on && (!valid || errors.length > 0)}
            data-testid="target-save"
          >
            {label}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
