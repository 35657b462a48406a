import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { PAGE_SIZES } from '#domain/pagination'
import { parseId } from '#domain/ids'
import { NONE_ID, STATUS_CHOICES_LIMIT, STATUS_MAX, TEAM_NAME_MAX } from '#domain/crm_config'
import { idRule, oneMessage, requiredText } from '#validators/rules'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'

/** GET /admin/crm-config/sales-statuses/api: the paging of every list, plus limit 999 (all the choices, CRM spec §9). */
export const statusListValidator = vine.compile(
  vine.object({
    ...listQueryFields(),
    limit: vine
      .number()
      .withoutDecimals()
      .in([...PAGE_SIZES, STATUS_CHOICES_LIMIT])
      .optional(),
  })
)
const STATUS_SIZES = [...PAGE_SIZES, STATUS_CHOICES_LIMIT].join(', ')
statusListValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  'limit.number': `Page size must be one of ${STATUS_SIZES}`,
  'limit.withoutDecimals': `Page size must be one of ${STATUS_SIZES}`,
  'limit.in': `Page size must be one of ${STATUS_SIZES}`,
})

/** POST and PUT /admin/crm-config/sales-statuses (CRM spec §2.11, §5). The name is stored with its spaces collapsed. */
export const salesStatusValidator = vine.compile(
  vine.object({
    status: requiredText(STATUS_MAX).transform((value) => value.replace(/\s+/g, ' ')),
    isDefault: vine.boolean({ strict: true }),
  })
)
salesStatusValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'Status is required',
  'status.string': 'Status is required',
  'status.minLength': 'Status is required',
  'status.maxLength': `Status must be at most ${STATUS_MAX} characters`,
  'isDefault.required': 'isDefault is required',
  'isDefault.boolean': 'isDefault is required',
})

/** A member row's id: a user id, or -2 (the form's "none" row, ignored). */
const memberId = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (value === NONE_ID || value === String(NONE_ID)) return field.mutate(NONE_ID, field)
  const id = parseId(value)
  if (id === null) field.report('Choose a member from the list', 'memberId', field)
  else field.mutate(id, field)
})

/** POST and PUT /admin/crm-config/teams (CRM spec §2.11, §5): name, userId (manager), userIds [{ id }]. */
export const teamValidator = vine.compile(
  vine.object({
    name: requiredText(TEAM_NAME_MAX),
    userId: idRule(),
    userIds: vine
      .array(
        vine.object({
          id: vine
            .any()
            .use(memberId())
            .transform((value) => value as number),
        })
      )
      .maxLength(100)
      .optional(),
  })
)
teamValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.string': 'Name is required',
  'name.minLength': 'Name is required',
  'name.maxLength': `Name must be at most ${TEAM_NAME_MAX} characters`,
  ...oneMessage('userId', 'Manager is required', ['required', 'number']),
  'userIds.array': 'Members must be a list',
  'userIds.array.maxLength': 'A team has at most 100 members',
  'userIds.*.object': 'Choose a member from the list',
  'userIds.*.id.required': 'Choose a member from the list',
  'userIds.*.id.memberId': 'Choose a member from the list',
})
