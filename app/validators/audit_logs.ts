import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import {
  AUDIT_ACTION_VALUES,
  AUDIT_TARGET_ID_PATTERN,
  AUDIT_TARGET_VALUES,
} from '#domain/audit_actions'
import { idRule } from '#validators/rules'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'

/**
 * GET /admin/audit/api: page, limit, sort (id or action) and order, and the filters — a staff member's id,
 * an action, a target type and a target id (a row id or a key). Anything
 * else in a filter is a 422, not an empty list.
 */
export const auditLogQueryValidator = vine.compile(
  vine.object({
    page: listQueryFields().page,
    limit: listQueryFields().limit,
    sort: listQueryFields().sort,
    order: listQueryFields().order,
    staffId: idRule().optional(),
    action: vine.enum(AUDIT_ACTION_VALUES).optional(),
    targetType: vine.enum(AUDIT_TARGET_VALUES).optional(),
    targetId: vine.string().trim().regex(AUDIT_TARGET_ID_PATTERN).optional(),
  })
)
auditLogQueryValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  'staffId.number': 'Choose a staff member from the list',
  'action.enum': 'Choose an action from the list',
  'targetType.enum': 'Choose a target type from the list',
  'targetId.string':
    'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
  'targetId.regex':
    'Target ID must be an id or a key of letters, digits, dots, dashes and underscores',
})
