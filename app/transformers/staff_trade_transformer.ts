import type { DateTime } from 'luxon'
import type { StaffTrade } from '#queries/staff_trades'
import { formatAdminDate } from '#domain/date_format'
import { priceDecimals } from '#domain/instruments'

/** An order's open time as the edit dialog's datetime-local value: UTC, cut to the minute (admin spec §9). */
export function openTimeValue(createdAt: DateTime): string {
  return createdAt.toUTC().toFormat("yyyy-MM-dd'T'HH:mm")
}

/**
 * A row of the back office's trades lists (admin spec §2 Trades list, §3
 * Trade/order): the columns and what the order dialog edits. `proLoss` is
 * the realized P/L of a closed trade, or the current one of an open trade
 * (`proLossLive`), at the freshest price the server knows.
 */
export function staffTradeRow(t: StaffTrade) {
  return {
    id: t.id,
    user: { id: t.userId, email: t.email },
    balance: { mode: t.mode, currency: t.currency },
    type: t.type,
    instrument: t.instrument,
    /** Rates show with this many fraction digits (the instrument's). */
    digits: priceDecimals(t.kind, t.quoteSymbol, t.openRate),
    openRate: t.openRate,
    closeRate: t.closeRate,
    spread: t.spread,
    marginUsed: t.marginUsed,
    proLoss: t.closeTime ? t.proLoss : t.livePnl,
    proLossLive: !t.closeTime,
    /** Overnight swaps posted so far (issue 24); the net P/L is proLoss + swap. */
    swap: t.swap,
    closeReason: t.closeReason,
    closeEvidence: t.closeEvidence,
    profit: t.profit,
    loss: t.loss,
    /** The stop trails the price at this distance (price units); null: a fixed stop. */
    trailing: t.trailing,
    leverage: t.leverage,
    /** A partial close's row: the ticket it was closed from ("part of #N"). */
    parentOrderId: t.parentOrderId,
    status: t.closeTime ? ('closed' as const) : ('open' as const),
    openTime: openTimeValue(t.createdAt),
    createdAt: formatAdminDate(t.createdAt),
    closeTime: formatAdminDate(t.closeTime),
  }
}

export type StaffTradeRow = ReturnType<typeof staffTradeRow>
