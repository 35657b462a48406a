import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LEAD_FIELD_MESSAGES, leadRules, leadText } from '#validators/lead_admin'

/**
 * POST /api/v1/leads: the lead's fields (the OpenAPI document's `Lead`
 * schema; INTAKE_REQUIRED in app/domain/lead_api.ts). First name, last name
 * and e-mail are required: the e-mail is what links a lead already known.
 */
export const intakeLeadValidator = vine.compile(
  vine.object({
    ...leadRules('api'),
    funnelLink: leadText('funnelLink')
      .url({ require_protocol: true, protocols: ['http', 'https'] })
      .nullable()
      .optional(),
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
