import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import { useTranslation } from '~/hooks/use_translation'

/**
 * A trade's ID cell in the staff lists: the ticket, and under a partial
 * close's own closed row the ticket it was closed from (issue 23 item 3),
 * linked to nothing — the ticket is on the same lists.
 */
export function TradeIdCell({ row }: { row: Pick<StaffTradeRow, 'id' | 'parentOrderId'> }) {
  const { t } = useTranslation()
  if (row.parentOrderId === null) return <>{row.id}</>
  return (
    <div className="flex flex-col">
      <span>{row.id}</span>
      <span className="text-tiny text-default-500" data-testid={`trade-parent-${row.id}`}>
        {t('part of #{id}', { id: row.parentOrderId })}
      </span>
    </div>
  )
}
