import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  GATEWAY_FORMS,
  GATEWAY_VALUES,
  type GatewayForm,
  type GatewayValue,
  type KeySlot,
} from '#domain/gateways'
import { GATEWAY_LIMITS, gatewayFeeProblem } from '#domain/gateway_input'
import { imageMessages, publicImageFile } from '#validators/images'

const GATEWAY_NAME_MAX = GATEWAY_LIMITS.name

const feeRule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (!field.isValid || typeof value !== 'string') return
  const problem = gatewayFeeProblem(value)
  if (problem) field.report(problem, 'fee', field)
})

/** Absent keeps the stored value, but a field sent blank (null once parsed) is missing. */
const sentBlank = (field: FieldContext) => field.value === null

const slotRule = (field: GatewayForm['fields'][number]) => {
  if (field.options) return vine.enum(field.options).nullable().optional()
  const max = field.secret ? GATEWAY_LIMITS.secret : GATEWAY_LIMITS.text
  return vine.string().trim().maxLength(max).nullable().optional()
}

/**
 * PUT /admin/gateways/{name} for one kind, built from GATEWAY_FORMS so the
 * server accepts exactly the form's fields. Absent fields are left as they
 * are. A blank shown field clears it; a blank secret keeps the stored one,
 * and `clear` lists the secrets to erase on purpose. Fee and the active
 * switch exist only for kinds whose form has them (others ignore them).
 */
function schemaFor(form: GatewayForm) {
  const slots = Object.fromEntries(
    form.fields.map((field) => [field.slot, slotRule(field)])
  ) as Record<KeySlot, ReturnType<typeof slotRule>>
  const secretSlots = form.fields.filter((field) => field.secret).map((field) => field.slot)
  return vine.object({
    name: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(GATEWAY_NAME_MAX)
      .optional()
      .requiredWhen(sentBlank),
    ...slots,
    ...(form.hasFee
      ? { fee: vine.string().trim().use(feeRule()).optional().requiredWhen(sentBlank) }
      : {}),
    ...(form.hasActive ? { isActive: vine.boolean().optional() } : {}),
    ...(secretSlots.length > 0
      ? { clear: vine.array(vine.enum(secretSlots)).maxLength(5).optional() }
      : {}),
    file: publicImageFile().optional(),
    removeFile: vine.boolean().optional(),
  })
}

function messagesFor(form: GatewayForm) {
  const slotMessages = form.fields.flatMap((field) => {
    const max = field.secret ? GATEWAY_LIMITS.secret : GATEWAY_LIMITS.text
    return [
      [`${field.slot}.string`, `${field.label} must be text`],
      [`${field.slot}.maxLength`, `${field.label} must be at most ${max} characters`],
      [`${field.slot}.enum`, `${field.label} must be one of ${field.options?.join(', ')}`],
    ]
  })
  return new SimpleMessagesProvider({
    'name.required': 'Name is required',
    'name.string': 'Name is required',
    'name.minLength': 'Name is required',
    'name.maxLength': `Name must be at most ${GATEWAY_NAME_MAX} characters`,
    ...Object.fromEntries(slotMessages),
    'fee.required': 'Fee is required',
    'fee.string': 'Fee must be a number from 0 to 100',
    'isActive.boolean': 'Active must be true or false',
    'removeFile.boolean': 'Remove file must be true or false',
    'clear.array': 'Keys to clear must be a list of secret keys',
    'clear.maxLength': 'Keys to clear must be a list of secret keys',
    'clear.*.enum': 'Only a secret key of this gateway can be cleared',
    ...imageMessages('file', form.fileLabel ?? 'Logo'),
  })
}

function compile(form: GatewayForm) {
  const validator = vine.compile(schemaFor(form))
  validator.messagesProvider = messagesFor(form)
  return validator
}

/** One compiled validator per gateway kind. */
export const gatewayValidators = Object.fromEntries(
  GATEWAY_VALUES.map((value) => [value, compile(GATEWAY_FORMS[value])])
) as Record<GatewayValue, ReturnType<typeof compile>>

/** What a kind's validator answers (fields the kind lacks are simply absent). */
export type GatewayPayload = Partial<Record<KeySlot, string | null>> & {
  name?: string
  fee?: string
  isActive?: boolean
  clear?: KeySlot[]
  file?: MultipartFile
  removeFile?: boolean
}
