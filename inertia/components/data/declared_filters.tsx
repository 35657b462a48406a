import { useEffect, useState } from 'react'
import { Button, Input, Select, SelectItem } from '@heroui/react'
import type { ListFilter } from '@domain/staff_list'
import { useTranslation } from '~/hooks/use_translation'

export interface DeclaredFiltersProps {
  filters: readonly ListFilter[]
  values: Record<string, string>
  onChange: (changes: Record<string, string>) => void
  /** Sends a typed filter; resolves with the server's messages by filter name when it refuses it. */
  onApply: (changes: Record<string, string>) => Promise<Record<string, string> | null>
  /** The page's props, where a filter's `options` come from. */
  props: Record<string, unknown>
  clear?: { label: string; testId: string }
}

/** `{field}` of a template filled from a record (`{name} ({email})`). */
function fill(template: string, record: Record<string, unknown>) {
  return template.replace(/\{(\w+)\}/g, (_, field: string) => String(record[field] ?? ''))
}

/** A select filter's choices: fixed, or a page prop's records. */
function choicesOf(filter: ListFilter, props: Record<string, unknown>, t: (s: string) => string) {
  if (filter.choices) return filter.choices.map((c) => ({ value: c.value, label: t(c.label) }))
  const records = (props[filter.options ?? ''] ?? []) as Record<string, unknown>[]
  return records.map((r) => ({
    value: String(r.id),
    label: filter.optionLabel ? fill(filter.optionLabel, r) : String(r.label ?? r.id),
  }))
}

/** A typed filter: sent on Enter or when it loses focus changed; the server's refusal shows under it. */
function TextFilter({
  filter,
  value,
  onApply,
}: {
  filter: ListFilter
  value: string
  onApply: DeclaredFiltersProps['onApply']
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState(value)
  const [error, setError] = useState<string | undefined>()
  // Set from elsewhere (cleared, a cell that filters): the input follows.
  useEffect(() => {
    setTyped(value)
    setError(undefined)
  }, [value])
  async function apply() {
    const errors = await onApply({ [filter.name]: typed.trim() })
    setError(errors?.[filter.name])
  }
  return (
    <Input
      size="sm"
      className="w-40"
      aria-label={t(filter.label)}
      placeholder={t(filter.placeholder)}
      value={typed}
      onValueChange={setTyped}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      onBlur={() => typed.trim() !== value && apply()}
      isInvalid={!!error}
      errorMessage={error && t(error)}
      data-testid={filter.testId}
    />
  )
}

/** A declared list's filters, empty meaning all, and the button that clears them (fetched after the page paints). */
export default function DeclaredFilters(p: DeclaredFiltersProps) {
  const { filters, values, onChange } = p
  const { t } = useTranslation()
  const filtered = filters.some((f) => values[f.name])
  return (
    <>
      {filters.map((filter) =>
        filter.kind === 'text' ? (
          <TextFilter
            key={filter.name}
            filter={filter}
            value={values[filter.name] ?? ''}
            onApply={p.onApply}
          />
        ) : (
          <Select
            key={filter.name}
            size="sm"
            className={filter.wide ? 'w-56' : 'w-44'}
            aria-label={t(filter.label)}
            placeholder={t(filter.placeholder)}
            selectedKeys={values[filter.name] ? [values[filter.name]] : []}
            onSelectionChange={(keys) =>
              onChange({ [filter.name]: keys === 'all' ? '' : String([...keys][0] ?? '') })
            }
            data-testid={filter.testId}
          >
            {choicesOf(filter, p.props, t).map((choice) => (
              <SelectItem key={choice.value} textValue={choice.label}>
                {choice.label}
              </SelectItem>
            ))}
          </Select>
        )
      )}
      {p.clear && filtered && (
        <Button
          size="sm"
          variant="flat"
          onPress={() => onChange(Object.fromEntries(filters.map((f) => [f.name, ''])))}
          data-testid={p.clear.testId}
        >
          {t(p.clear.label)}
        </Button>
      )}
    </>
  )
}
