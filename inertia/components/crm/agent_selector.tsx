import {
  Button,
  Listbox,
  ListboxItem,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
} from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

export interface StaffChoice {
  id: number
  fullName: string
  email: string
}

/**
 * The Agent Selector dialog (CRM spec §2.3): the agents by full name and
 * e-mail; choosing one calls `onPick`. The agent filter offers Clear (no
 * filter); the bulk assign uses the same dialog.
 */
export function AgentSelector(props: {
  isOpen: boolean
  agents: StaffChoice[]
  onPick: (agent: StaffChoice) => void
  onClear?: () => void
  onClose: () => void
  busy?: boolean
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <Modal
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      placement="center"
      data-testid={props.testId}
    >
      <ModalContent>
        <ModalHeader>{t('Agent Selector')}</ModalHeader>
        <ModalBody>
          {props.agents.length === 0 ? (
            <p className="text-default-500">{t('No data found')}</p>
          ) : (
            <Listbox
              aria-label={t('Agent Selector')}
              className="max-h-80 overflow-y-auto"
              disabledKeys={props.busy ? props.agents.map((a) => String(a.id)) : []}
              onAction={(key) => {
                const agent = props.agents.find((a) => String(a.id) === String(key))
                if (agent) props.onPick(agent)
              }}
            >
              {props.agents.map((agent) => (
                <ListboxItem
                  key={String(agent.id)}
                  description={agent.email}
                  textValue={agent.fullName}
                  data-testid={`${props.testId}-agent-${agent.id}`}
                >
                  {agent.fullName}
                </ListboxItem>
              ))}
            </Listbox>
          )}
        </ModalBody>
        <ModalFooter>
          {props.onClear && (
            <Button variant="light" onPress={props.onClear} data-testid={`${props.testId}-clear`}>
              {t('Clear')}
            </Button>
          )}
          <Button variant="flat" onPress={props.onClose}>
            {t('Close')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
