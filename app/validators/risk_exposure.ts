import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const mode = () => vine.enum(['real', 'demo'] as const).optional()
const MODE_MESSAGE = { 'mode.enum': 'Mode must be real or demo' }

/** GET /admin/risk/exposure/api and /csv: ?mode=real|demo (real when absent). */
export const exposureQueryValidator = vine.compile(vine.object({ mode: mode() }))
exposureQueryValidator.messagesProvider = new SimpleMessagesProvider(MODE_MESSAGE)

/** GET /admin/risk/positions: ?mode and exactly one of instrument or balanceId. */
export const exposurePositionsValidator = vine.compile(
  vine.object({
    mode: mode(),
    instrument: vine
      .string()
      .trim()
      .maxLength(40)
      .regex(/^[A-Z0-9][A-Z0-9._-]*$/)
      .optional()
      .requiredIfMissing('balanceId'),
    balanceId: vine.number().withoutDecimals().min(1).max(2_147_483_647).optional(),
  })
)
exposurePositionsValidator.messagesProvider = new SimpleMessagesProvider({
  ...MODE_MESSAGE,
  'instrument.regex': 'Not an instrument name',
  'instrument.maxLength': 'Not an instrument name',
  'instrument.requiredIfMissing': 'Choose an instrument or an account',
  'balanceId.number': 'The account must be a wallet id',
  'balanceId.withoutDecimals': 'The account must be a wallet id',
  'balanceId.min': 'The account must be a wallet id',
  'balanceId.max': 'The account must be a wallet id',
})
