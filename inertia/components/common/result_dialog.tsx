import { Button, Modal, ModalBody, ModalContent, ModalFooter, ModalHeader } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** The success dialogs of the account screens ('Account Created', 'Password Updated', …). */
export function ResultDialog(props: {
  isOpen: boolean
  title: string
  message: string
  actionLabel: string
  onAction: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal isOpen={props.isOpen} hideCloseButton isDismissable={false} placement="center">
      <ModalContent>
        <ModalHeader>{t(props.title)}</ModalHeader>
        <ModalBody>
          <p>{t(props.message)}</p>
        </ModalBody>
        <ModalFooter>
          <Button color="primary" onPress={props.onAction}>
            {t(props.actionLabel)}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
