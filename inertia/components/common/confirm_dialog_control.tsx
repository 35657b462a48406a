import { useState, type ReactNode } from 'react'
import {
  Button,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Textarea,
} from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** What the one confirmation dialog takes (confirm_dialog.tsx). */
export interface ConfirmDialogProps {
  isOpen: boolean
  title?: string
  message: ReactNode
  confirmLabel?: string
  confirmColor?: 'primary' | 'danger' | 'success' | 'warning'
  reasonLabel?: string
  onConfirm: (reason: string) => Promise<void> | void
  onClose: () => void
  testId?: string
}

/** The HeroUI modal behind ConfirmDialog, fetched after the page paints (confirm_dialog.tsx). */
export default function ConfirmDialogControl(props: ConfirmDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const needsReason = !!props.reasonLabel
  const reasonMissing = needsReason && reason.trim() === ''
  const testId = props.testId ?? 'confirm-dialog'

  const close = () => {
    setReason('')
    setTouched(false)
    props.onClose()
  }
  const confirm = async () => {
    setTouched(true)
    if (reasonMissing) return
    setBusy(true)
    try {
      await props.onConfirm(reason.trim())
      close()
    } catch {
      // The caller reports the failure (a toast); the dialog stays open to retry.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal isOpen={props.isOpen} onClose={close} size="lg" data-testid={testId}>
      <ModalContent>
        <ModalHeader>{t(props.title ?? 'Please confirm')}</ModalHeader>
        <ModalBody>
          <div>{typeof props.message === 'string' ? t(props.message) : props.message}</div>
          {needsReason && (
            <Textarea
              label={t(props.reasonLabel!)}
              value={reason}
              onValueChange={setReason}
              onBlur={() => setTouched(true)}
              isInvalid={touched && reasonMissing}
              errorMessage={touched && reasonMissing ? t('Reason is required') : undefined}
              data-testid={`${testId}-reason`}
            />
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="flat" onPress={close} data-testid={`${testId}-cancel`}>
            {t('Cancel')}
          </Button>
          <Button
            color={props.confirmColor ?? 'primary'}
            isLoading={busy}
            onPress={confirm}
            data-testid={`${testId}-confirm`}
          >
            {t(props.confirmLabel ?? 'Confirm')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
