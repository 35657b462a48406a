import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { LIST_QUERY_MESSAGES, listQueryFields } from '#validators/lists'

/** GET /affiliate/leads/api/ (the Affiliate Leads table's page, size and search). */
export const affiliateLeadListValidator = vine.compile(vine.object({ ...listQueryFields() }))
affiliateLeadListValidator.messagesProvider = new SimpleMessagesProvider({ ...LIST_QUERY_MESSAGES })
