import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { parseId } from '#domain/ids'
import { NONE_ID } from '#domain/crm'
import {
  LEAD_FIELD_MAX,
  LEAD_INPUTS,
  LEAD_PHONE,
  PERSON_MESSAGES,
  type LeadField,
  type LeadInputField,
  type LeadInputName,
  type LeadInputRequired,
} from '#domain/lead_intake'
import { idRule, newPasswordRule, oneMessage } from '#validators/rules'

/**
 * A lead field's text, trimmed and bounded by its column; an e-mail or a
 * phone must look like one. `nonBlank`: a required field may not be blank.
 */
export function leadText(field: LeadField, nonBlank = false) {
  // Each rule method adds to this schema, checked in the order added (the order before issue 26).
  const text = vine.string().trim()
  if (nonBlank) text.minLength(1)
  text.maxLength(LEAD_FIELD_MAX[field])
  if (field === 'email') return text.email().toLowerCase()
  if (field === 'phone') return text.regex(LEAD_PHONE)
  return text
}

/** A field that may be left out; blank stays blank (the action stores null). */
const optional = (field: LeadField) => leadText(field).nullable().optional()

/**
 * The rules of a way in's fields (LEAD_INPUTS), in its order: those it
 * requires required and not blank (a blank e-mail already fails its check,
 * "Invalid email"), the others optional.
 */
export function leadRules<W extends LeadInputName>(input: W) {
  const { fields, required } = LEAD_INPUTS[input]
  const needed = (field: LeadField) => (required as readonly LeadField[]).includes(field)
  return Object.fromEntries(
    fields.map((field) => [
      field,
      needed(field) ? leadText(field, field !== 'email') : optional(field),
    ])
  ) as {
    [K in LeadInputField<W>]: K extends LeadInputRequired<W>
      ? ReturnType<typeof leadText>
      : ReturnType<typeof optional>
  }
}

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
export const createLeadValidator = vine.compile(vine.object(leadRules('add')))
createLeadValidator.messagesProvider = messages

/** One CSV row: the add form's fields and the lead source id (§7 CSV columns). */
export const csvRowValidator = vine.compile(vine.object(leadRules('csv')))
csvRowValidator.messagesProvider = messages

/** PUT /admin/leads/:id (§2.10): every field; the status is always sent (default New). */
export const updateLeadValidator = vine.compile(
  vine.object({
    ...leadRules('edit'),
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
