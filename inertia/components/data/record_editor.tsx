import { useState, type ReactNode } from 'react'
import { Button, Modal, ModalBody, ModalContent, ModalFooter, ModalHeader } from '@heroui/react'
import { useApiForm, type ApiForm, type ClientRules } from '~/hooks/use_api_form'
import { useRowAction } from '~/hooks/use_row_action'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'

type Values = Record<string, any>

/** What a plain CRUD screen says about its records: the form, the calls and the spec's texts. */
export interface RecordEditorSpec<Row, V extends Values> {
  /** Prefix of the test ids: `${testId}-add`, `-modal`, `-form`, `-submit`, `-edit-{id}`, `-delete-{id}`. */
  testId: string
  titles: { add: string; edit: string }
  /** The form's values for a new record (row null) or an existing one. */
  initial: (row: Row | null) => V
  /** Client rules with the spec's messages; `row` is null when adding. */
  rules?: (values: V, row: Row | null) => ReturnType<ClientRules<V>>
  /** The fields of the form, bound to `form` (inertia/components/form/*). */
  fields: (form: ApiForm<V>, row: Row | null) => ReactNode
  /** The create and update calls; `body` shapes the values (default: as they are). Screens without add-new omit `createUrl`. */
  createUrl?: string
  updateUrl: (row: Row) => string
  body?: (values: V, row: Row | null) => unknown
  /** Delete behind the spec's confirmation; omit for screens without delete. */
  remove?: { url: (row: Row) => string; message: string }
  rowId: (row: Row) => string | number
  /** Called after every successful save or delete (usually the list's reload). */
  onChanged: () => void
  size?: 'md' | 'lg' | 'xl' | '2xl'
}

/**
 * The one add/edit modal of the staff CRUD screens, with delete behind the
 * one confirmation dialog. The modal stays open until the save succeeds
 * (admin spec §4), then closes, toasts the server's message and refreshes
 * the list; a failure toasts the server's message (or 'Something went
 * wrong') and shows field errors under their fields. Use `addButton` in the
 * table's toolbar, `rowButtons(row)` in the actions column and render
 * `modals` once.
 */
export function useRecordEditor<Row, V extends Values>(spec: RecordEditorSpec<Row, V>) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null)
  const deletion = useRowAction<Row, 'delete'>(
    spec.remove
      ? {
          delete: {
            title: 'Delete',
            message: spec.remove.message,
            confirmLabel: 'Delete',
            confirmColor: 'danger',
            request: (row) => ({ method: 'DELETE', url: spec.remove!.url(row) }),
          },
        }
      : ({} as any),
    { onDone: spec.onChanged, testId: `${spec.testId}-delete-dialog` }
  )

  const addButton = (
    <Button
      color="primary"
      size="sm"
      onPress={() => setEditing({ row: null })}
      data-testid={`${spec.testId}-add`}
    >
      {t('Add New')}
    </Button>
  )

  const rowButtons = (row: Row) => (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant="flat"
        onPress={() => setEditing({ row })}
        data-testid={`${spec.testId}-edit-${spec.rowId(row)}`}
      >
        {t('Edit')}
      </Button>
      {spec.remove && (
        <Button
          size="sm"
          color="danger"
          variant="flat"
          onPress={() => deletion.ask(row, 'delete')}
          data-testid={`${spec.testId}-delete-${spec.rowId(row)}`}
        >
          {t('Delete')}
        </Button>
      )}
    </div>
  )

  const modals = (
    <>
      <Modal
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        size={spec.size ?? 'xl'}
        scrollBehavior="inside"
      >
        <ModalContent data-testid={`${spec.testId}-modal`}>
          {editing && (
            <>
              <ModalHeader>{t(editing.row ? spec.titles.edit : spec.titles.add)}</ModalHeader>
              <RecordForm
                key={editing.row ? spec.rowId(editing.row) : 'new'}
                spec={spec}
                row={editing.row}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null)
                  spec.onChanged()
                }}
              />
            </>
          )}
        </ModalContent>
      </Modal>
      {deletion.dialog}
    </>
  )

  return { addButton, rowButtons, modals, edit: (row: Row | null) => setEditing({ row }) }
}

function RecordForm<Row, V extends Values>(props: {
  spec: RecordEditorSpec<Row, V>
  row: Row | null
  onSaved: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { spec, row } = props
  const form = useApiForm<V>(
    spec.initial(row),
    spec.rules && ((values: V) => spec.rules!(values, row))
  )
  return (
    <form
      // A flex column, so the modal's body scrolls inside it and the buttons stay in view.
      className="flex min-h-0 flex-1 flex-col"
      data-testid={`${spec.testId}-form`}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit<{ message: string }>(
          row ? 'PUT' : 'POST',
          row ? spec.updateUrl(row) : spec.createUrl!,
          {
            transform: spec.body ? (values) => spec.body!(values, row) : undefined,
            onSuccess: (data) => {
              toastSuccess(data.message)
              props.onSaved()
            },
            onError: (message) => toastError(message),
          }
        )
      }}
    >
      <ModalBody className="flex flex-col gap-6">{spec.fields(form, row)}</ModalBody>
      <ModalFooter>
        <Button variant="flat" onPress={props.onCancel}>
          {t('Cancel')}
        </Button>
        <Button
          type="submit"
          color="primary"
          isLoading={form.processing}
          data-testid={`${spec.testId}-submit`}
        >
          {t('Submit')}
        </Button>
      </ModalFooter>
    </form>
  )
}
