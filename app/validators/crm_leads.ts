import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LEAD_GROUPS, LEAD_TYPES } from '#domain/crm'
import { MAX_BULK_IDS, MAX_NOTE_LENGTH } from '#domain/lead_desks'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'
import { dayRangeMessages, dayRangeRules } from '#validators/statements'
import { idRule, oneMessage, requiredText } from '#validators/rules'

/**
 * GET /affiliate/leads/api/{list}/{status}[/{type}][/{startDate}/{endDate}]
 * (CRM spec §7): the path segments and the query (paging, search, sort, and
 * the agent filters) as one object.
 */
export const leadListValidator = vine.compile(
  vine.object({
    ...listQueryFields(),
    status: vine.string().trim().minLength(1).maxLength(100),
    type: vine.enum(LEAD_TYPES).optional(),
    ...dayRangeRules('startDate', 'endDate'),
    agentId: idRule().optional(),
    retId: idRule().optional(),
  })
)
leadListValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  ...oneMessage('status', 'Choose a sales status or All'),
  'type.enum': 'Type must be all, live or manual',
  ...dayRangeMessages('startDate', 'endDate'),
  'agentId.number': 'Choose an agent from the list',
  'retId.number': 'Choose a retention agent from the list',
})

/** POST /admin/crm/note { content, leadId } (spec §5: one field, Content; errors come from the server). */
export const noteValidator = vine.compile(
  vine.object({
    content: requiredText(MAX_NOTE_LENGTH),
    leadId: idRule(),
  })
)
noteValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('content', 'Content is required', ['required', 'string', 'minLength']),
  'content.maxLength': `Content must be at most ${MAX_NOTE_LENGTH} characters`,
  ...oneMessage('leadId', 'Choose a lead', ['required', 'number']),
})

/**
 * PUT /admin/leads/bulk { ids, data: { group } | { agentId } | { retId } }
 * (spec §7); exactly one change (checked by `bulkChangeOf`).
 */
export const bulkLeadsValidator = vine.compile(
  vine.object({
    ids: vine.array(idRule()).minLength(1).maxLength(MAX_BULK_IDS),
    data: vine.object({
      group: vine.enum(LEAD_GROUPS).optional(),
      agentId: idRule().optional(),
      retId: idRule().optional(),
    }),
  })
)
bulkLeadsValidator.messagesProvider = new SimpleMessagesProvider({
  ...oneMessage('ids', 'Select at least one lead', ['required', 'array', 'minLength']),
  'ids.array.minLength': 'Select at least one lead',
  'ids.array.maxLength': `At most ${MAX_BULK_IDS} leads at a time`,
  'ids.*.number': 'Lead ids must be valid ids',
  ...oneMessage('data', 'Choose a desk or an agent', ['required', 'object']),
  'data.group.enum': 'Group must be sales, retentions or archived',
  'data.agentId.number': 'Choose an agent from the list',
  'data.retId.number': 'Choose a retention agent from the list',
})
