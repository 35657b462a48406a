import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { idRule, oneMessage } from '#validators/rules'

/**
 * POST /admin/crm/voiso/startCall { leadId, agentEmail } (CRM spec §7 names
 * `phone, agentEmail`): the number is taken from the lead, so a `phone` sent
 * along is accepted and ignored (docs/DECISIONS.md). The e-mail keeps its
 * case: it is the agent's Voiso sign-in, passed on as typed there.
 */
export const startCallValidator = vine.compile(
  vine.object({
    leadId: idRule(),
    agentEmail: vine.string().trim().maxLength(254).email(),
    phone: vine.any().optional(),
  })
)
startCallValidator.messagesProvider = new SimpleMessagesProvider({
  'leadId.required': 'Lead is required',
  'leadId.number': 'Lead is required',
  ...oneMessage('agentEmail', 'Choose an agent', ['string', 'email', 'maxLength']),
  'agentEmail.required': 'Choose an agent',
})
