import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PAGE_SIZES } from '#domain/pagination'
import {
  AUDIT_ACTION_VALUES,
  AUDIT_TARGET_ID_PATTERN,
  AUDIT_TARGET_VALUES,
} from '#domain/audit_actions'
import { idRule } from '#validators/rules'
import { listQueryFields, MAX_LIST_PAGE } from '#validators/lists'

/**
 * GET /admin/audit/api: page, limit, and the filters — a staff member's id,
 * an action, a target type and a target id (a row id or a key). Anything
 * else in a filter is a 422, not an empty list.
 */
export const auditLogQueryValidator = vine.compile(
  vine.object({
    page: listQueryFields().page,
    limit: listQueryFields().limit,
    staffId: idRule().optional(),
    action: vine.enum(AUDIT_ACTION_VALUES).optional(),
    targetType: vine.enum(AUDIT_TARGET_VALUES).optional(),
    targetId: vine.string().trim().regex(AUDIT_TARGET_ID_PATTERN).optional(),
  })
)
auditLogQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'page.number': 'Page must be a whole number of at least 1',
  'page.withoutDecimals': 'Page must be a whole number of at least 1',
  'page.min': 'Page must be a whole number of at least 1',
  'page.max': `Page must be at most ${MAX_LIST_PAGE}`,
  'limit.number': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'limit.withoutDecimals': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'limit.in': `Page size must be one of ${PAGE_SIZES.join(', ')}`,
  'staffId.number': 'Choose a staff member from the list',
  'action.enum': 'Choose an action from the list',
  'targetType.enum': 'Choose a target type from the list',
  'targetId.string':
    'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
  'targetId.regex':
    'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
})
