import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { dayRangeRules } from '#validators/statements'

/** GET /admin/dashboard?from&to: an optional range of whole UTC days (YYYY-MM-DD), `to` not before `from`. */
export const dashboardRangeValidator = vine.compile(vine.object(dayRangeRules('from', 'to')))
dashboardRangeValidator.messagesProvider = new SimpleMessagesProvider({
  'from.date': 'From must be a date (YYYY-MM-DD)',
  'to.date': 'To must be a date (YYYY-MM-DD)',
  'to.date.afterOrSameAs': 'To must be on or after From',
})
