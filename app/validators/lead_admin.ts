import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { parseId } from '#domain/ids'
import { NONE_ID } from '#domain/crm'
import { LEAD_FIELD_MAX, LEAD_PHONE, PERSON_MESSAGES } from '#domain/lead_intake'
import { idRule, newPasswordRule, oneMessage } from '#validators/rules'

/** An optional text of the lead form, bounded by its column; blank stays blank (the action stores null). */
const text = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

/** A person select (§2.10): -2 (or nothing) is "none" (null); anything else must be a plain id. */
const personId = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (value === NONE_ID || value === String(NONE_ID) || value === '') {
    field.mutate(null, field)
    return
  }
  const id = parseId(value)
  if (id === null) field.report('The {{ field }} field must be a valid id', 'personId', field)
  else field.mutate(id, field)
})
const personRule = () =>
  vine
    .any()
    .use(personId())
    .transform((value) => value as number | null)
    .nullable()
    .optional()

/** The lead's own fields, shared by the add form, the edit form and each CSV row. */
export const leadFields = () => ({
  firstName: text(LEAD_FIELD_MAX.firstName),
  lastName: text(LEAD_FIELD_MAX.lastName),
  email: vine
    .string()
    .trim()
    .maxLength(LEAD_FIELD_MAX.email)
    .email()
    .toLowerCase()
    .nullable()
    .optional(),
  phone: vine
    .string()
    .trim()
    .maxLength(LEAD_FIELD_MAX.phone)
    .regex(LEAD_PHONE)
    .nullable()
    .optional(),
  country: text(LEAD_FIELD_MAX.country),
  city: text(LEAD_FIELD_MAX.city),
  funnelLink: text(LEAD_FIELD_MAX.funnelLink),
  reference: text(LEAD_FIELD_MAX.reference),
  leadStatus: text(LEAD_FIELD_MAX.leadStatus),
})

export const LEAD_FIELD_MESSAGES: Record<string, string> = {
  // The bounds are the columns' (LEAD_FIELD_MAX).
  'firstName.string': 'First name must be text',
  'firstName.maxLength': 'First name must be at most 100 characters',
  'lastName.string': 'Last name must be text',
  'lastName.maxLength': 'Last name must be at most 100 characters',
  'country.string': 'Country must be text',
  'country.maxLength': 'Country must be at most 100 characters',
  'city.string': 'City must be text',
  'city.maxLength': 'City must be at most 100 characters',
  'funnelLink.string': 'Funnel link must be text',
  'funnelLink.maxLength': 'Funnel link must be at most 500 characters',
  'reference.string': 'Aff. reference must be text',
  'reference.maxLength': 'Aff. reference must be at most 120 characters',
  'leadSourceId.string': 'Lead source ID must be text',
  'leadSourceId.maxLength': 'Lead source ID must be at most 120 characters',
  ...oneMessage('email', 'Invalid email', ['string', 'email', 'maxLength']),
  ...oneMessage('phone', 'Invalid phone', ['string', 'regex', 'maxLength']),
  ...oneMessage('leadStatus', 'Choose a status from the list', ['string', 'maxLength', 'required']),
  ...oneMessage('managerId', PERSON_MESSAGES.managerId, ['personId']),
  ...oneMessage('agentId', PERSON_MESSAGES.agentId, ['personId']),
  ...oneMessage('retId', PERSON_MESSAGES.retId, ['personId']),
}

const messages = new SimpleMessagesProvider({
  ...LEAD_FIELD_MESSAGES,
  'id.required': 'Lead is required',
  'id.number': 'Lead is required',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.minLength': 'Password must be at least 8 characters',
  'password.maxLength': 'Password must be at most 128 characters',
})

/** POST /admin/leads (§3 add-form payload). */
export const createLeadValidator = vine.compile(vine.object(leadFields()))
createLeadValidator.messagesProvider = messages

/** One CSV row: the add form's fields and the lead source id (§7 CSV columns). */
export const csvRowValidator = vine.compile(
  vine.object({ ...leadFields(), leadSourceId: text(LEAD_FIELD_MAX.leadSourceId) })
)
csvRowValidator.messagesProvider = messages

/** PUT /admin/leads/:id (§2.10): every field; the status is always sent (default New). */
export const updateLeadValidator = vine.compile(
  vine.object({
    ...leadFields(),
    leadSourceId: text(LEAD_FIELD_MAX.leadSourceId),
    leadStatus: vine.string().trim().minLength(1).maxLength(LEAD_FIELD_MAX.leadStatus),
    managerId: personRule(),
    agentId: personRule(),
    retId: personRule(),
  })
)
updateLeadValidator.messagesProvider = new SimpleMessagesProvider({
  ...LEAD_FIELD_MESSAGES,
  ...oneMessage('leadStatus', 'Choose a status from the list', [
    'string',
    'maxLength',
    'minLength',
    'required',
  ]),
})

/** POST /admin/leads/convertLeadToUser (§3 convert form: id, password). */
export const convertLeadValidator = vine.compile(
  vine.object({ id: idRule(), password: newPasswordRule() })
)
convertLeadValidator.messagesProvider = messages
