import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'

/** The largest page size a history call may ask for. */
export const MAX_HISTORY_LIMIT = 100
/** Pages beyond this cannot hold rows anyone has; refusing them keeps offsets small. */
export const MAX_HISTORY_PAGE = 1_000_000

/**
 * A calendar day as YYYY-MM-DD, handed on as the same string (VineJS parses
 * it to local midnight; reading it back in the same zone gives the same day).
 */
const asDay = (date: Date) => DateTime.fromJSDate(date).toISODate()!

const dayRule = () =>
  vine
    .date({ formats: ['YYYY-MM-DD'] })
    .transform(asDay)
    .optional()

/** An inclusive range of days under the given field names; the end may not come before the start. */
export const dayRangeRules = <S extends string, E extends string>(start: S, end: E) =>
  ({
    [start]: dayRule(),
    [end]: vine
      .date({ formats: ['YYYY-MM-DD'] })
      .afterOrSameAs(start)
      .transform(asDay)
      .optional(),
  }) as Record<S | E, ReturnType<typeof dayRule>>

/** The messages of `dayRangeRules` for the given field names. */
export const dayRangeMessages = (start: string, end: string) => ({
  [`${start}.date`]: 'Start date must be a valid date (YYYY-MM-DD)',
  [`${end}.date`]: 'End date must be a valid date (YYYY-MM-DD)',
  [`${end}.date.afterOrSameAs`]: 'End date must be on or after the start date',
})

const dateRange = () => dayRangeRules('dateStart', 'dateEnd')

export const pagingRules = () => ({
  page: vine.number().withoutDecimals().min(1).max(MAX_HISTORY_PAGE).optional(),
  limit: vine.number().withoutDecimals().min(1).max(MAX_HISTORY_LIMIT).optional(),
})

export const pagingMessages = {
  'page.number': 'Page must be a whole number of at least 1',
  'page.withoutDecimals': 'Page must be a whole number of at least 1',
  'page.min': 'Page must be a whole number of at least 1',
  'page.max': `Page must be at most ${MAX_HISTORY_PAGE}`,
  'limit.number': `Limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`,
  'limit.withoutDecimals': `Limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`,
  'limit.min': `Limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`,
  'limit.max': `Limit must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`,
}

const messages = { ...pagingMessages, ...dayRangeMessages('dateStart', 'dateEnd') }

/** GET /statements/history: page, limit, dateStart, dateEnd (customer spec §7). */
export const statementHistoryValidator = vine.compile(
  vine.object({ ...pagingRules(), ...dateRange() })
)
statementHistoryValidator.messagesProvider = new SimpleMessagesProvider(messages)

/** GET /statements (the range in the address) and GET /statements/export: dateStart, dateEnd. */
export const statementRangeValidator = vine.compile(vine.object(dateRange()))
statementRangeValidator.messagesProvider = new SimpleMessagesProvider(messages)

/**
 * A query string as the validators take it: a cleared filter field arrives as
 * an empty string (the filter modal yields '' on Clear), which means "no filter".
 */
export function historyQuery(qs: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(qs).filter(([, value]) => !(typeof value === 'string' && value.trim() === ''))
  )
}
