import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import { DEFAULT_LEAD_STATUS, normalizeLeadEmail } from '#domain/crm'
import { UserFactory } from '#database/factories/user_factory'

/**
 * A lead on the sales desk, entered by staff (`manual`) with the default
 * status (New): a unique lower-cased e-mail and a phone the lead forms accept.
 * States: `live` (from a sign-up or the intake API), each desk (`sales`,
 * `retentions`, `archived`) and `client` (a registered customer's lead no
 * desk has taken: `group` null, `registeredAt` set; pair it with
 * `.with('user')` or merge `userId`). Relations, each a UserFactory user:
 * `user` (the customer it became), `affiliate`, `manager`, `agent`,
 * `retAgent` — e.g. `.with('agent', 1, (agent) => agent.apply('agent'))`.
 */
export const LeadFactory = factory
  .define(Lead, ({ faker }) => ({
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    email: `lead-${faker.string.alphanumeric(12).toLowerCase()}@factory.test`,
    phone: `+34 6${faker.string.numeric(2)} ${faker.string.numeric(3)} ${faker.string.numeric(3)}`,
    country: faker.location.country().slice(0, 100),
    city: faker.location.city().slice(0, 100),
    group: 'sales' as const,
    source: 'manual' as const,
  }))
  .state('live', (lead) => void (lead.source = 'live'))
  .state('sales', (lead) => void (lead.group = 'sales'))
  .state('retentions', (lead) => void (lead.group = 'retentions'))
  .state('archived', (lead) => void (lead.group = 'archived'))
  .state('client', (lead) => {
    lead.group = null
    lead.source = 'live'
    lead.registeredAt = DateTime.now()
  })
  .relation('user', () => UserFactory)
  .relation('affiliate', () => UserFactory)
  .relation('manager', () => UserFactory)
  .relation('agent', () => UserFactory)
  .relation('retAgent', () => UserFactory)
  .before('create', async (_, lead, { $trx }) => {
    lead.email = normalizeLeadEmail(lead.email)
    if (lead.salesStatusId === undefined) {
      const status = await SalesStatus.query($trx ? { client: $trx } : undefined)
        .where('status', DEFAULT_LEAD_STATUS)
        .firstOrFail()
      lead.salesStatusId = status.id
    }
  })
  .build()
