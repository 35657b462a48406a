import { useState } from 'react'
import {
  Button,
  Input,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
} from '@heroui/react'
import { formatDateTime } from '@domain/formatting'
import { notePreview } from '@domain/lead_desks'
import type { LeadNoteRow } from '#transformers/lead_row'
import { api, ApiError, SOMETHING_WENT_WRONG } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * The lead table's notes cell (CRM spec §2.3): the first 12 characters of the
 * first note and an ellipsis, with an eye button opening the Notes dialog —
 * every note (content, author, time) in a 200px scrolling list and the
 * 'Enter note' form (POST /admin/crm/note { content, leadId }).
 */
export function NotesCell(props: { leadId: number; notes: LeadNoteRow[]; onAdded: () => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [notes, setNotes] = useState(props.notes)
  const [content, setContent] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const testId = `lead-notes-${props.leadId}`

  const submit = async () => {
    setBusy(true)
    try {
      const result = await api<{ message: string; note: LeadNoteRow }>(
        'POST',
        route('crm.note.store'),
        {
          content,
          leadId: props.leadId,
        }
      )
      toastSuccess(result.message ?? 'Notes created successfully')
      setNotes((all) => [...all, result.note])
      setContent('')
      setError(null)
      props.onAdded()
    } catch (e) {
      const message = e instanceof ApiError ? e.message : SOMETHING_WENT_WRONG
      if (e instanceof ApiError && e.fieldErrors.content) setError(e.fieldErrors.content)
      toastError(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex items-center gap-1">
      <span data-testid={`${testId}-preview`}>{notePreview(props.notes[0]?.content)}</span>
      <Button
        isIconOnly
        size="sm"
        variant="light"
        aria-label={t('Notes')}
        onPress={() => {
          setNotes(props.notes)
          setOpen(true)
        }}
        data-testid={`${testId}-open`}
      >
        <EyeIcon />
      </Button>
      <Modal isOpen={open} onOpenChange={setOpen} placement="center" data-testid={testId}>
        <ModalContent>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              submit()
            }}
          >
            <ModalHeader>{t('Notes')}</ModalHeader>
            <ModalBody>
              <ul className="h-[200px] overflow-y-auto" data-testid={`${testId}-list`}>
                {notes.length === 0 && <li className="text-default-500">{t('No data found')}</li>}
                {notes.map((note) => (
                  <li key={note.id} className="border-b border-default-200 py-2">
                    <p className="whitespace-pre-wrap break-words">{note.content}</p>
                    <p className="text-tiny text-default-500">
                      {note.author ?? '-'} · {formatDateTime(note.createdAt, 'display')}
                    </p>
                  </li>
                ))}
              </ul>
              <Input
                name="content"
                aria-label={t('Content')}
                placeholder={t('Enter note')}
                value={content}
                onValueChange={(v) => {
                  setContent(v)
                  setError(null)
                }}
                isInvalid={!!error}
                errorMessage={error ? t(error) : undefined}
                data-testid={`${testId}-content`}
              />
            </ModalBody>
            <ModalFooter>
              <Button
                type="submit"
                color="primary"
                isLoading={busy}
                data-testid={`${testId}-submit`}
              >
                {t('Submit')}
              </Button>
            </ModalFooter>
          </form>
        </ModalContent>
      </Modal>
    </div>
  )
}

function EyeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  )
}
