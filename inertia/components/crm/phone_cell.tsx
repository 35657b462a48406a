import { useEffect, useState } from 'react'
import {
  Button,
  Chip,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Spinner,
  Tooltip,
} from '@heroui/react'
import { api, errorMessage } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'
import { agentStatusColor, type VoisoAgent } from '@domain/voiso'
import { route } from '~/lib/routes'

/**
 * The lead table's phone cell (CRM spec §2.3, §3 Agent, §8): the number with
 * a copy button ('Phone number copied to clipboard') and a call button. The
 * call opens the agent selector (GET /admin/crm/voiso/agents: e-mail,
 * extension, status chip) and choosing an agent posts
 * POST /admin/crm/voiso/startCall { leadId, agentEmail }; with the phone
 * hidden (showUserInfoAgent off, roles 5 and 6) it calls at once with the
 * viewer's own e-mail. The server takes the number from the lead, so the
 * browser never needs it to call. Toasts 'Call started successfully' or the
 * server's message.
 */
export interface PhoneCellProps {
  leadId: number
  phone: string | null
  phoneHidden: boolean
  /** The signed-in staff member's e-mail (the call's agent when the phone is hidden). */
  viewerEmail: string
}

/** The spec's phone mask: what shows when the number is hidden from the viewer. */
const HIDDEN_PHONE = '********'

function PhoneIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M22 16.92v3a2 2 0 01-2.18 2 19.8 19.8 0 01-8.63-3.07 19.5 19.5 0 01-6-6A19.8 19.8 0 012.1 4.18 2 2 0 014.11 2h3a2 2 0 012 1.72c.13.96.36 1.9.7 2.81a2 2 0 01-.45 2.11L8.1 9.9a16 16 0 006 6l1.27-1.27a2 2 0 012.11-.45c.9.34 1.85.57 2.81.7A2 2 0 0122 16.92z" />
    </svg>
  )
}

function CopyIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 01-2-2V4a2 2 0 012-2h9a2 2 0 012 2v1" />
    </svg>
  )
}

/** Posts the call; toasts the outcome. Answers whether Voiso took it. */
async function startCall(leadId: number, agentEmail: string) {
  try {
    const data = await api<{ message?: string }>('POST', route('admin.crm.voiso.startCall'), {
      leadId,
      agentEmail,
    })
    toastSuccess(data?.message ?? 'Call started successfully')
    return true
  } catch (error) {
    toastError(errorMessage(error))
    return false
  }
}

export function PhoneCell({ leadId, phone, phoneHidden, viewerEmail }: PhoneCellProps) {
  const { t } = useTranslation()
  const [selecting, setSelecting] = useState(false)
  const [calling, setCalling] = useState(false)

  if (!phone && !phoneHidden) return <span data-testid={`phone-cell-${leadId}`}>-</span>

  const copy = async () => {
    if (!phone) return
    try {
      await navigator.clipboard.writeText(phone)
      toastSuccess('Phone number copied to clipboard')
    } catch {
      toastError('Something went wrong')
    }
  }

  const call = async () => {
    if (!phoneHidden) {
      setSelecting(true)
      return
    }
    setCalling(true)
    await startCall(leadId, viewerEmail)
    setCalling(false)
  }

  return (
    <span
      className="inline-flex items-center gap-1 whitespace-nowrap"
      data-testid={`phone-cell-${leadId}`}
    >
      <span data-testid="phone-number">{phoneHidden ? HIDDEN_PHONE : phone}</span>
      <Tooltip content={t('Call')}>
        <Button
          isIconOnly
          size="sm"
          variant="light"
          color="success"
          aria-label={t('Call')}
          isLoading={calling}
          onPress={call}
          data-testid="phone-call"
        >
          <PhoneIcon />
        </Button>
      </Tooltip>
      {phone && !phoneHidden && (
        <Tooltip content={t('Copy')}>
          <Button
            isIconOnly
            size="sm"
            variant="light"
            aria-label={t('Copy')}
            onPress={copy}
            data-testid="phone-copy"
          >
            <CopyIcon />
          </Button>
        </Tooltip>
      )}
      {selecting && <AgentSelector leadId={leadId} onClose={() => setSelecting(false)} />}
    </span>
  )
}

/** The agent selector of the call button: each Voiso agent's e-mail, extension and status; choosing one starts the call. */
function AgentSelector({ leadId, onClose }: { leadId: number; onClose: () => void }) {
  const { t } = useTranslation()
  const [agents, setAgents] = useState<VoisoAgent[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const [calling, setCalling] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    api<{ agents: VoisoAgent[] }>('GET', route('admin.crm.voiso.agents'))
      .then((data) => live && setAgents(data.agents ?? []))
      .catch((error) => {
        if (!live) return
        const message = errorMessage(error)
        setFailed(message)
        toastError(message)
      })
    return () => {
      live = false
    }
  }, [])

  const choose = async (email: string) => {
    if (calling) return
    setCalling(email)
    const ok = await startCall(leadId, email)
    setCalling(null)
    if (ok) onClose()
  }

  return (
    <Modal isOpen onClose={onClose} size="lg" scrollBehavior="inside" data-testid="agent-selector">
      <ModalContent>
        <ModalHeader>{t('Agent Selector')}</ModalHeader>
        <ModalBody>
          {agents === null && !failed && (
            <div className="flex justify-center py-6">
              <Spinner size="sm" />
            </div>
          )}
          {failed && <p className="text-danger text-sm">{t(failed)}</p>}
          {agents !== null && agents.length === 0 && (
            <p className="text-default-500 text-sm">{t('No agents found')}</p>
          )}
          {agents !== null && agents.length > 0 && (
            <ul className="divide-default-200 divide-y" data-testid="agent-list">
              {agents.map((agent) => (
                <li
                  key={agent.email}
                  className="flex items-center gap-3 py-2"
                  data-testid="agent-row"
                >
                  <div className="min-w-0 flex-1">
                    <div className="truncate text-sm font-medium">{agent.email}</div>
                    <div className="text-default-500 text-xs">
                      {t('Extension')}: {agent.ext || '-'}
                    </div>
                  </div>
                  <Chip size="sm" variant="flat" color={agentStatusColor(agent.status)}>
                    {t(agent.status)}
                  </Chip>
                  <Button
                    size="sm"
                    color="primary"
                    isLoading={calling === agent.email}
                    isDisabled={calling !== null && calling !== agent.email}
                    onPress={() => choose(agent.email)}
                    data-testid="agent-call"
                  >
                    {t('Call')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="flat" onPress={onClose}>
            {t('Close')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
