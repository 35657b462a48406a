import { Select, SelectItem } from '@heroui/react'
import type { ListFilter } from '@domain/staff_list'
import { useTranslation } from '~/hooks/use_translation'

export interface DeclaredFiltersProps {
  filters: readonly ListFilter[]
  values: Record<string, string>
  onChange: (changes: Record<string, string>) => void
}

/** A declared list's filters: one select per filter, empty meaning all (fetched after the page paints). */
export default function DeclaredFilters({ filters, values, onChange }: DeclaredFiltersProps) {
  const { t } = useTranslation()
  return (
    <>
      {filters.map((filter) => (
        <Select
          key={filter.name}
          size="sm"
          className="w-44"
          aria-label={t(filter.label)}
          placeholder={t(filter.placeholder)}
          selectedKeys={values[filter.name] ? [values[filter.name]] : []}
          onSelectionChange={(keys) =>
            onChange({ [filter.name]: keys === 'all' ? '' : String([...keys][0] ?? '') })
          }
          data-testid={filter.testId}
        >
          {filter.choices.map((choice) => (
            <SelectItem key={choice.value}>{t(choice.label)}</SelectItem>
          ))}
        </Select>
      ))}
    </>
  )
}
