import { Card, CardBody, CardHeader, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type TradingSettingsController from '#controllers/staff/trading_settings_controller'
import { LOT_MODE_SETTINGS } from '@domain/settings_schema'
import { numberTyping } from '@domain/decimal_strings'
import { staffLayout } from '~/layouts/staff_layout'
import { SettingsForm } from '~/components/form/settings_form'
import { useListEditor } from '~/hooks/use_list_editor'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Entry = { label: string; value: string }

const LOT_VALUE = /^\d{1,8}(\.\d{1,8})?$/
function entryProblems(entries: Entry[]) {
  const problems: Record<string, string> = {}
  entries.forEach((e, i) => {
    if (!e.label.trim()) problems[`lotSelector.${i}.label`] = 'Label is required'
    const value = e.value.trim()
    if (!LOT_VALUE.test(value) || /^0+(\.0+)?$/.test(value))
      problems[`lotSelector.${i}.value`] = 'Lot value is numeric and above 0'
  })
  return problems
}

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
  const list = useListEditor<Entry>({
    initial: lotSelector,
    blank: () => ({ label: '', value: '' }),
    url: route('admin.lotSelector.update'),
    body: (entries) => ({
      lotSelector: entries.map((e) => ({ label: e.label.trim(), value: e.value.trim() })),
    }),
    saved: (data: { lotSelector: Entry[] }) => data.lotSelector,
    problems: entryProblems,
  })
  const message = (i: number, field: keyof Entry) => list.message(`lotSelector.${i}.${field}`)

  return (
    <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
      <SettingsForm
        schema={LOT_MODE_SETTINGS}
        values={values}
        url={route('admin.lots.update')}
        testId="lot-modes-form"
        className="w-full lg:w-1/2"
      />
      <Card className="w-full lg:w-1/2" data-testid="lot-selector-form">
        <CardHeader className="font-semibold">{t('Lot Selector')}</CardHeader>
        <CardBody className="flex flex-col gap-4">
          {list.message('lotSelector') && (
            <span className="text-small text-danger">{list.message('lotSelector')}</span>
          )}
          {list.entries.map((entry, i) => (
            <div key={i} className="flex items-start gap-2" data-testid={`lot-entry-${i}`}>
              <Input
                size="sm"
                label={t('Label')}
                value={entry.label}
                onValueChange={(label) => list.edit(i, { label })}
                isInvalid={!!message(i, 'label')}
                errorMessage={message(i, 'label')}
              />
              <Input
                size="sm"
                label={t('Value')}
                inputMode="decimal"
                value={entry.value}
                onValueChange={(typed) => {
                  const value = numberTyping(typed, { decimals: Infinity })
                  if (value !== null) list.edit(i, { value })
                }}
                isInvalid={!!message(i, 'value')}
                errorMessage={message(i, 'value')}
              />
              {list.removeButton(i, `lot-remove-${i}`)}
            </div>
          ))}
          {list.footer({ add: 'lot-add', submit: 'lot-selector-submit' })}
        </CardBody>
      </Card>
    </div>
  )
}

Lots.layout = staffLayout
