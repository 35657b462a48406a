import { useState } from 'react'
import { Button, Card, CardBody, CardHeader, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type TradingSettingsController from '#controllers/staff/trading_settings_controller'
import { LOT_MODE_SETTINGS } from '@domain/settings_schema'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { useTranslation } from '~/hooks/use_translation'
import { api, ApiError, errorMessage } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'

type Entry = { label: string; value: string }

const LOT_VALUE = /^\d{1,8}(\.\d{1,8})?$/
const entryProblems = (e: Entry) => ({
  label: e.label.trim() ? undefined : 'Label is required',
  value:
    LOT_VALUE.test(e.value.trim()) && !/^0+(\.0+)?$/.test(e.value.trim())
      ? undefined
      : 'Lot value is numeric and above 0',
})

/**
 * Lot Settings (admin spec §2): the lot or amount mode per category (a form
 * generated from the settings schema) and the lot selector, a list of label
 * and value pairs edited as a whole (add and remove entries).
 */
export default function Lots({
  values,
  lotSelector,
}: InferPageProps<TradingSettingsController, 'lots'>) {
  const { t } = useTranslation()
  const [entries, setEntries] = useState<Entry[]>(lotSelector)
  const [touched, setTouched] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const edit = (i: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((e, j) => (i === j ? { ...e, ...change } : e)))
  const invalid = entries.some((e) => Object.values(entryProblems(e)).some(Boolean))

  async function save() {
    setTouched(true)
    if (invalid) return
    setSaving(true)
    try {
      const data = await api<{ message: string; lotSelector: Entry[] }>(
        'POST',
        '/admin/lotSelector',
        {
          lotSelector: entries.map((e) => ({ label: e.label.trim(), value: e.value.trim() })),
        }
      )
      setEntries(data.lotSelector)
      setServerErrors({})
      setTouched(false)
      toastSuccess(data.message)
    } catch (error) {
      setServerErrors(error instanceof ApiError ? error.fieldErrors : {})
      toastError(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const message = (i: number, field: keyof Entry) => {
    const text =
      serverErrors[`lotSelector.${i}.${field}`] ??
      (touched ? entryProblems(entries[i])[field] : undefined)
    return text ? t(text) : undefined
  }

  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <SettingsForm
        schema={LOT_MODE_SETTINGS}
        values={values}
        url="/admin/lots"
        testId="lot-modes-form"
        className="w-full lg:w-1/2"
      />
      <Card className="w-full lg:w-1/2" data-testid="lot-selector-form">
        <CardHeader className="font-semibold">{t('Lot Selector')}</CardHeader>
        <CardBody className="flex flex-col gap-4">
          {serverErrors.lotSelector && (
            <span className="text-small text-danger">{t(serverErrors.lotSelector)}</span>
          )}
          {entries.map((entry, i) => (
            <div key={i} className="flex items-start gap-2" data-testid={`lot-entry-${i}`}>
              <Input
                size="sm"
                label={t('Label')}
                value={entry.label}
                onValueChange={(label) => edit(i, { label })}
                isInvalid={!!message(i, 'label')}
                errorMessage={message(i, 'label')}
              />
              <Input
                size="sm"
                label={t('Value')}
                inputMode="decimal"
                value={entry.value}
                onValueChange={(value) => edit(i, { value })}
                isInvalid={!!message(i, 'value')}
                errorMessage={message(i, 'value')}
              />
              <Button
                size="sm"
                color="danger"
                variant="flat"
                className="mt-1"
                onPress={() => setEntries((list) => list.filter((_, j) => j !== i))}
                data-testid={`lot-remove-${i}`}
              >
                {t('Remove')}
              </Button>
            </div>
          ))}
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="flat"
              onPress={() => setEntries((list) => [...list, { label: '', value: '' }])}
              data-testid="lot-add"
            >
              {t('Add')}
            </Button>
            <Button
              size="sm"
              color="primary"
              isLoading={saving}
              onPress={save}
              data-testid="lot-selector-submit"
            >
              {t('Submit')}
            </Button>
          </div>
        </CardBody>
      </Card>
    </div>
  )
}

Lots.layout = staffLayout
