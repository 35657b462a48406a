import type { ReactNode } from 'react'
import type { StaffTradeRow } from '#transformers/staff_trade_transformer'
import { useTranslation } from '~/hooks/use_translation'
import { closeEvidenceText, type Translate } from '@domain/execution_evidence'
import { formatAccountMoney } from '@domain/formatting'

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

/** A trade's overnight swaps so far (issue 24), in its wallet's money. */
export function TradeSwapCell({ row }: { row: Pick<StaffTradeRow, 'id' | 'swap' | 'balance'> }) {
  return (
    <span
      className={row.swap.startsWith('-') ? 'text-danger' : ''}
      data-testid={`trade-swap-${row.id}`}
    >
      {formatAccountMoney(row.swap, row.balance.currency)}
    </span>
  )
}

type EvidenceRow = Pick<
  StaffTradeRow,
  | 'id'
  | 'type'
  | 'status'
  | 'closeReason'
  | 'closeEvidence'
  | 'digits'
  | 'parentOrderId'
  | 'balance'
>

/** A closed trade's evidence sentence in the reader's language (null: open, or none stored). */
export function tradeEvidence(row: EvidenceRow, t: Translate): string | null {
  if (row.status !== 'closed') return null
  return closeEvidenceText(
    {
      type: row.type,
      closeReason: row.closeReason,
      partial: row.parentOrderId !== null,
      closeEvidence: row.closeEvidence,
      digits: row.digits,
      currency: row.balance.currency,
    },
    t
  )
}

/**
 * A closed trade's status with the evidence of its close under it (issue 24
 * item 2): the quote it used, its time and feed, and for a stop-out the
 * account at the trigger — what a dealer answers a dispute with.
 */
export function TradeStatusCell({ row, chip }: { row: EvidenceRow; chip: ReactNode }) {
  const { t } = useTranslation()
  const evidence = tradeEvidence(row, t)
  if (!evidence) return <>{chip}</>
  return (
    <div className="flex flex-col items-start gap-0.5">
      {chip}
      <span
        className="w-72 whitespace-normal text-tiny text-default-500"
        data-testid={`trade-evidence-${row.id}`}
      >
        {evidence}
      </span>
    </div>
  )
}
