import { useState } from 'react'
import { Button } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { api, ApiError, errorMessage } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'

/**
 * A list of entries edited in place and saved as a whole (the Lot selector,
 * the Languages list): add, change and remove rows, then one POST of the
 * whole list. Field messages use the server's paths (`lotSelector.2.code`);
 * the client's own check shows only after a first submit, the server's until
 * the next change. A 409 goes to `onConflict` (a save that needs confirming),
 * which may call `save({ confirm: true })`.
 */
export interface ListEditorSpec<Entry> {
  initial: Entry[]
  blank: () => Entry
  url: string
  body: (entries: Entry[]) => Record<string, unknown>
  /** The saved list, as the server answered it. */
  saved: (data: any) => Entry[]
  /** Problems by field path, worded as the server words them. */
  problems: (entries: Entry[]) => Record<string, string>
  onConflict?: (message: string) => void
}

export function useListEditor<Entry>(spec: ListEditorSpec<Entry>) {
  const { t } = useTranslation()
  const [entries, setEntries] = useState<Entry[]>(spec.initial)
  const [touched, setTouched] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const problems = spec.problems(entries)

  const change = (update: (list: Entry[]) => Entry[]) => {
    setServerErrors({})
    setEntries(update)
  }
  const edit = (i: number, patch: Partial<Entry>) =>
    change((list) => list.map((e, j) => (i === j ? { ...e, ...patch } : e)))
  const remove = (i: number) => change((list) => list.filter((_, j) => j !== i))
  const add = () => change((list) => [...list, spec.blank()])

  async function save(extra: Record<string, unknown> = {}) {
    setTouched(true)
    if (Object.keys(problems).length > 0) return
    setSaving(true)
    try {
      const data = await api<{ message: string }>('POST', spec.url, {
        ...spec.body(entries),
        ...extra,
      })
      setEntries(spec.saved(data))
      setServerErrors({})
      setTouched(false)
      toastSuccess(data.message)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && spec.onConflict) {
        spec.onConflict(error.message)
      } else {
        setServerErrors(error instanceof ApiError ? error.fieldErrors : {})
        toastError(errorMessage(error))
      }
    } finally {
      setSaving(false)
    }
  }

  /** The message under a field, translated, if any. */
  const message = (field: string) => {
    const text = serverErrors[field] ?? (touched ? problems[field] : undefined)
    return text ? t(text) : undefined
  }

  /** The Add and Submit buttons under the list. */
  const footer = (testIds: { add: string; submit: string }) => (
    <div className="flex gap-2">
      <Button size="sm" variant="flat" onPress={add} data-testid={testIds.add}>
        {t('Add')}
      </Button>
      <Button
        size="sm"
        color="primary"
        isLoading={saving}
        onPress={() => save()}
        data-testid={testIds.submit}
      >
        {t('Submit')}
      </Button>
    </div>
  )

  /** The Remove button of row `i`. */
  const removeButton = (i: number, testId: string) => (
    <Button
      size="sm"
      color="danger"
      variant="flat"
      className="mt-1"
      onPress={() => remove(i)}
      data-testid={testId}
    >
      {t('Remove')}
    </Button>
  )

  return { entries, edit, remove, add, save, saving, message, footer, removeButton }
}
