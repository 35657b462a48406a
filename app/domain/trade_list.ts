/**
 * The back office's trades lists (admin spec §2 Trades list): all, open and
 * closed, newest first, deleted trades never shown.
 */
export const TRADE_LIST_TYPES = ['all', 'open', 'closed'] as const
export type TradeListType = (typeof TRADE_LIST_TYPES)[number]

/** The screens' headings: '{type} Trades'. */
export const TRADE_LIST_TITLES: Record<TradeListType, string> = {
  all: 'All Trades',
  open: 'Open Trades',
  closed: 'Closed Trades',
}

/**
 * Orders are counted per block of this many ids (`order_list_counts`, kept
 * by triggers), so the list's total and the start of any page are found
 * without counting or skipping a million rows.
 */
export const ORDER_COUNT_BLOCK = 1024

export interface BlockCount {
  bucket: number
  open: number
  closed: number
}

/** How many rows of a type a block holds. */
export function blockRows(block: BlockCount, type: TradeListType): number {
  if (type === 'open') return block.open
  if (type === 'closed') return block.closed
  return block.open + block.closed
}

/**
 * Where a page starts, from the per-block counts (newest block first): the
 * list's total, and — unless the page lies past the end — the exclusive upper
 * id bound of the block the page's first row is in and how many of that
 * block's rows (below the bound, newest first) come before it.
 */
export function locatePage(
  blocks: BlockCount[],
  type: TradeListType,
  offset: number
): { total: number; start: { belowId: number; skip: number } | null } {
  let total = 0
  let start: { belowId: number; skip: number } | null = null
  for (const block of blocks) {
    const rows = blockRows(block, type)
    if (start === null && rows > 0 && total + rows > offset) {
      start = { belowId: (block.bucket + 1) * ORDER_COUNT_BLOCK, skip: offset - total }
    }
    total += rows
  }
  return { total, start }
}
