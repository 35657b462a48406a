import { Select, SelectItem } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import type { LeadStatusFilterProps } from '~/components/crm/lead_status_filter'

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
