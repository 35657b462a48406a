import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { imageMessages, publicImageFile } from '#validators/images'

/** Column sizes of external_payments. */
export const EXTERNAL_PAYMENT_LIMITS = {
  name: 120,
  link: 500,
  customLabel: 120,
  customValue: 255,
} as const

/*
 * The spec shows no rules for external payments (admin spec §5); these are
 * ours: a name, an absolute https link (customers open it in a new tab, so
 * nothing else — no javascript:, no plain http), short texts, and a real
 * image as the logo (required on add, optional on edit).
 */
const fields = {
  name: vine.string().trim().minLength(1).maxLength(EXTERNAL_PAYMENT_LIMITS.name),
  link: vine
    .string()
    .trim()
    .maxLength(EXTERNAL_PAYMENT_LIMITS.link)
    .url({
      require_protocol: true,
      protocols: ['https'],
      require_tld: true,
      allow_underscores: true,
    }),
  customLabel: vine
    .string()
    .trim()
    .maxLength(EXTERNAL_PAYMENT_LIMITS.customLabel)
    .nullable()
    .optional(),
  customValue: vine
    .string()
    .trim()
    .maxLength(EXTERNAL_PAYMENT_LIMITS.customValue)
    .nullable()
    .optional(),
}

const messages = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.string': 'Name is required',
  'name.minLength': 'Name is required',
  'name.maxLength': `Name must be at most ${EXTERNAL_PAYMENT_LIMITS.name} characters`,
  'link.required': 'Link is required',
  'link.string': 'Link is required',
  'link.url': 'Link must be an absolute https:// address',
  'link.maxLength': `Link must be at most ${EXTERNAL_PAYMENT_LIMITS.link} characters`,
  'customLabel.string': 'Custom label must be text',
  'customLabel.maxLength': `Custom label must be at most ${EXTERNAL_PAYMENT_LIMITS.customLabel} characters`,
  'customValue.string': 'Custom value must be text',
  'customValue.maxLength': `Custom value must be at most ${EXTERNAL_PAYMENT_LIMITS.customValue} characters`,
  ...imageMessages('logo', 'Logo'),
})

/** POST /admin/externalPayments (multipart logo, name, link, customLabel, customValue). */
export const createExternalPaymentValidator = vine.compile(
  vine.object({ ...fields, logo: publicImageFile() })
)
createExternalPaymentValidator.messagesProvider = messages

/** PUT /admin/externalPayments/:id: the same fields; without a logo the current one stays. */
export const updateExternalPaymentValidator = vine.compile(
  vine.object({ ...fields, logo: publicImageFile().optional() })
)
updateExternalPaymentValidator.messagesProvider = messages
