import { Select, SelectItem } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

export interface LeadStatusFilterProps {
  /** The chosen sale status, or ALL_STATUSES. */
  value: string
  statuses: string[]
  /** The key of 'All' (ALL_STATUSES: passed in, so that this lazy part shares no module with the page alone). */
  allKey: string
  onChange: (status: string) => void
}

/** The HeroUI select behind LeadStatusFilter, fetched after the page paints. */
export default function LeadStatusFilterControl({
  value,
  statuses,
  allKey,
  onChange,
}: LeadStatusFilterProps) {
  const { t } = useTranslation()
  return (
    <Select
      size="sm"
      className="w-48"
      aria-label={t('Sale Status')}
      selectedKeys={[value]}
      onSelectionChange={(keys) => onChange(String([...keys][0] ?? allKey))}
      data-testid="leads-status"
    >
      {[
        <SelectItem key={allKey}>{t('All')}</SelectItem>,
        ...statuses.map((s) => <SelectItem key={s}>{s}</SelectItem>),
      ]}
    </Select>
  )
}
