import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LEAD_FIELD_MAX, LEAD_PHONE } from '#domain/lead_intake'
import { LEAD_FIELD_MESSAGES } from '#validators/lead_admin'

const text = (max: number) => vine.string().trim().maxLength(max).nullable().optional()
const required = (max: number) => vine.string().trim().minLength(1).maxLength(max)

/**
 * POST /api/v1/leads: the lead's fields (the OpenAPI document's `Lead`
 * schema; INTAKE_REQUIRED in app/domain/lead_api.ts). First name, last name
 * and e-mail are required: the e-mail is what links a lead already known.
 */
export const intakeLeadValidator = vine.compile(
  vine.object({
    firstName: required(LEAD_FIELD_MAX.firstName),
    lastName: required(LEAD_FIELD_MAX.lastName),
    email: vine.string().trim().maxLength(LEAD_FIELD_MAX.email).email().toLowerCase(),
    phone: vine
      .string()
      .trim()
      .maxLength(LEAD_FIELD_MAX.phone)
      .regex(LEAD_PHONE)
      .nullable()
      .optional(),
    country: text(LEAD_FIELD_MAX.country),
    city: text(LEAD_FIELD_MAX.city),
    funnelLink: vine
      .string()
      .trim()
      .maxLength(LEAD_FIELD_MAX.funnelLink)
      .url({ require_protocol: true, protocols: ['http', 'https'] })
      .nullable()
      .optional(),
    reference: text(LEAD_FIELD_MAX.reference),
    leadSourceId: text(LEAD_FIELD_MAX.leadSourceId),
  })
)
intakeLeadValidator.messagesProvider = new SimpleMessagesProvider({
  ...LEAD_FIELD_MESSAGES,
  'firstName.required': 'First name is required',
  'firstName.minLength': 'First name is required',
  'lastName.required': 'Last name is required',
  'lastName.minLength': 'Last name is required',
  'email.required': 'Email is required',
  'funnelLink.url': 'Funnel link must be an http(s) URL',
})
