import { useState } from 'react'
import { ConfirmDialog } from '~/components/common/confirm_dialog'
import { api, ApiError, errorMessage, SOMETHING_WENT_WRONG } from '~/lib/api'
import { toast, toastSuccess } from '~/lib/toast'

/** One confirmed action on a row: what the dialog says and which call it makes. */
export interface RowActionSpec<Row> {
  title: string
  message: string
  confirmLabel: string
  confirmColor: 'primary' | 'danger' | 'success' | 'warning'
  /** Asks for a required reason (declines); it reaches `request`. */
  reasonLabel?: string
  /** The dialog's test id, when each action's dialog needs its own. */
  testId?: string
  request: (
    row: Row,
    reason: string
  ) => { method: 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }
}

/**
 * The confirmed row action of the staff lists: `ask(row, action)` opens the
 * one confirmation dialog; confirming makes the call, toasts the server's
 * message, and refreshes the list. A failure toasts the specs' 'Something
 * went wrong' with the server's reason beneath; a row decided or removed
 * meanwhile (409, 404) closes the dialog, any other failure leaves it open to
 * retry. Render `dialog` once in the page.
 */
export function useRowAction<Row, Action extends string>(
  actions: Record<Action, RowActionSpec<Row>>,
  options: { onDone: () => void; testId?: string }
) {
  const [pending, setPending] = useState<{ row: Row; action: Action } | null>(null)
  const spec = pending ? actions[pending.action] : null

  async function confirm(reason: string) {
    if (!pending || !spec) return
    const { method, url, body } = spec.request(pending.row, reason)
    try {
      const data = await api<{ message?: string }>(method, url, body)
      if (data?.message) toastSuccess(data.message)
      options.onDone()
    } catch (error) {
      const detail = errorMessage(error, '')
      toast(SOMETHING_WENT_WRONG, {
        color: 'danger',
        description: detail && detail !== SOMETHING_WENT_WRONG ? detail : null,
      })
      options.onDone()
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return
      throw error
    }
  }

  const dialog = (
    <ConfirmDialog
      isOpen={pending !== null}
      title={spec?.title}
      message={spec?.message ?? ''}
      confirmLabel={spec?.confirmLabel}
      confirmColor={spec?.confirmColor}
      reasonLabel={spec?.reasonLabel}
      onConfirm={confirm}
      onClose={() => setPending(null)}
      testId={spec?.testId ?? options.testId}
    />
  )

  return { ask: (row: Row, action: Action) => setPending({ row, action }), dialog }
}
