import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PAGE_SIZES } from '#domain/pagination'

/** Pages beyond this cannot hold rows anyone has; refusing them keeps offsets small. */
export const MAX_LIST_PAGE = 1_000_000

/** The paging fields of every list read: page, limit (15, 25 or 50), an optional search and server sort. */
export const listQueryFields = () => ({
  page: vine.number().withoutDecimals().min(1).max(MAX_LIST_PAGE).optional(),
  limit: vine
    .number()
    .withoutDecimals()
    .in([...PAGE_SIZES])
    .optional(),
  search: vine.string().trim().maxLength(100).optional(),
  // Which column a list may sort by is the list's own rule (sortedBy in app/queries/paginate.ts).
  sort: vine
    .string()
    .regex(/^[A-Za-z_]{1,40}$/)
    .optional(),
  order: vine.enum(['asc', 'desc'] as const).optional(),
})

/** GET …/api of an admin list: page, limit (15, 25 or 50), an optional search text and sort. */
/** The messages of the paging fields, for every list validator built on `listQueryFields`. */
export const LIST_QUERY_MESSAGES = {
  'page.number': 'Page must be a whole number of at least 1',
  'page.withoutDecimals': 'Page must be a whole number of at least 1',
  'page.min': 'Page must be a whole number of at least 1',
  'page.max': `Page must be at most ${MAX_LIST_PAGE}`,
  'limit.number': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'limit.withoutDecimals': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'limit.in': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'search.maxLength': 'Search must be at most 100 characters',
  'sort.regex': 'This list cannot be sorted by that column',
  'order.enum': 'Sort order must be asc or desc',
}

export const listQueryValidator = vine.compile(vine.object(listQueryFields()))
listQueryValidator.messagesProvider = new SimpleMessagesProvider(LIST_QUERY_MESSAGES)
