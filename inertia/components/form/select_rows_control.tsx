import { Button, Select, SelectItem } from '@heroui/react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

export type SelectRowsProps<V extends Record<string, any>> = {
  form: ApiForm<V>
  /** The field holding the rows, each `{ id }` as text ('' or `none` for an empty row). */
  name: keyof V & string
  label: string
  placeholder?: string
  options: { value: string; label: string }[]
  /** The value of an empty row: a removed last row leaves one. */
  none: string
  /** The texts of a row's select and of the add button; the test id prefix (`-0`, `-add`, `s`). */
  item: string
  add: string
  testId: string
}

/** The HeroUI selects behind SelectRowsField, fetched after the page paints (select_rows_field.tsx). */
export default function SelectRowsControl<V extends Record<string, any>>(
  props: SelectRowsProps<V>
) {
  const { t } = useTranslation()
  const { form, name, none } = props
  const rows = (form.values[name] ?? []) as { id: string }[]
  const setRows = (next: { id: string }[]) => form.setValue(name, next as V[typeof name])
  const listError = form.errorFor(name)
  return (
    <div className="flex flex-col gap-3" data-testid={`${props.testId}s`}>
      <span className="text-small">{t(props.label)}</span>
      {rows.map((row, index) => {
        const error = form.errorFor(`${name}.${index}.id` as keyof V & string)
        return (
          <div key={index} className="flex items-start gap-2">
            <Select
              aria-label={t(props.item)}
              placeholder={props.placeholder ? t(props.placeholder) : undefined}
              variant="bordered"
              selectedKeys={row.id && row.id !== none ? [row.id] : []}
              onSelectionChange={(keys) => {
                const [first] = Array.from(keys as Set<string>)
                setRows(rows.map((r, i) => (i === index ? { id: first ?? none } : r)))
              }}
              isInvalid={!!error}
              errorMessage={error ? t(error) : undefined}
              data-testid={`${props.testId}-${index}`}
            >
              {props.options.map((option) => (
                <SelectItem key={option.value}>{option.label}</SelectItem>
              ))}
            </Select>
            <Button
              size="sm"
              variant="flat"
              color="danger"
              className="mt-1"
              onPress={() =>
                setRows(rows.length > 1 ? rows.filter((_, i) => i !== index) : [{ id: none }])
              }
            >
              {t('Remove')}
            </Button>
          </div>
        )
      })}
      {listError && <span className="text-tiny text-danger">{t(listError)}</span>}
      <Button
        size="sm"
        variant="flat"
        className="self-start"
        onPress={() => setRows([...rows, { id: none }])}
        data-testid={`${props.testId}-add`}
      >
        {t(props.add)}
      </Button>
    </div>
  )
}
