import type { Key, ReactElement } from 'react'
import { Dropdown, DropdownItem, DropdownMenu, DropdownTrigger } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** The shared table's Columns menu, fetched at the first press (DeferredDropdown). */
export default function ColumnsMenuDropdown({
  tableId,
  columns,
  hidden,
  onHiddenChange,
  trigger,
}: {
  tableId: string
  columns: { key: string; label: string }[]
  hidden: Set<string>
  onHiddenChange: (hidden: Set<string>) => void
  trigger: ReactElement
}) {
  const { t } = useTranslation()
  return (
    <Dropdown defaultOpen>
      <DropdownTrigger>{trigger}</DropdownTrigger>
      <DropdownMenu
        aria-label={t('Columns')}
        closeOnSelect={false}
        selectionMode="multiple"
        disallowEmptySelection
        selectedKeys={columns.filter((c) => !hidden.has(c.key)).map((c) => c.key)}
        onSelectionChange={(keys) => {
          const shown = new Set([...(keys as Set<Key>)].map(String))
          onHiddenChange(new Set(columns.filter((c) => !shown.has(c.key)).map((c) => c.key)))
        }}
        data-testid={`${tableId}-columns-menu`}
      >
        {columns.map((c) => (
          <DropdownItem key={c.key}>{t(c.label)}</DropdownItem>
        ))}
      </DropdownMenu>
    </Dropdown>
  )
}
