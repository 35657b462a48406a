import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { MAX_WHITELIST_LENGTH, parseWhitelist } from '#domain/whitelist'
import {
  emailRule,
  newPasswordRule,
  oneMessage,
  requiredText,
  wholeNumberRule,
} from '#validators/rules'

/** Column size of users.full_name. */
export const FULL_NAME_MAX = 160

/**
 * The whitelist as stored: its entries joined by ', ', or null when blank
 * (the check is off). Entries that are not an IP address or CIDR range are
 * refused, named in the message.
 */
const whitelistEntries = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const { text, errors } = parseWhitelist(value)
    if (errors.length) {
      const list = errors.join(', ')
      field.report(`Not an IP address or CIDR range: ${list}`, 'whitelist', field)
      return
    }
    field.mutate(text, field)
  }
)

/** The e-mail is free unless another account (deleted ones too: their rows are kept) has it. */
const freeEmail = () =>
  emailRule().unique(async (db, value, field) => {
    const self = (field.meta as { userId?: number }).userId
    const query = db.from('users').whereRaw('lower(email) = ?', [value])
    if (self) query.whereNot('id', self)
    return !(await query.first())
  })

const fields = () => ({
  fullName: requiredText(FULL_NAME_MAX),
  email: freeEmail(),
  roleId: wholeNumberRule(1, 6),
  isEmailVerified: vine.boolean(),
  isActive: vine.boolean(),
  whitelist: vine
    .string()
    .trim()
    .maxLength(MAX_WHITELIST_LENGTH)
    .use(whitelistEntries())
    .nullable()
    .optional(),
})

const MESSAGES = {
  'fullName.required': 'Full name is required',
  'fullName.string': 'Full name is required',
  'fullName.minLength': 'Full name is required',
  'fullName.maxLength': `Full name must be at most ${FULL_NAME_MAX} characters`,
  'email.required': 'Email is required',
  'email.string': 'Invalid email',
  'email.email': 'Invalid email',
  'email.maxLength': 'Invalid email',
  'email.database.unique': 'This email is already registered',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.minLength': 'Password must be at least 8 characters',
  'password.maxLength': 'Password must be at most 128 characters',
  ...oneMessage('roleId', 'Choose a role from the list', ['wholeNumber']),
  'roleId.required': 'Role is required',
  'isEmailVerified.required': 'Email verification is required',
  'isEmailVerified.boolean': 'Email verification is required',
  'isActive.required': 'Active status is required',
  'isActive.boolean': 'Active status is required',
  'whitelist.string': 'Whitelist must be comma-separated IP addresses',
  'whitelist.maxLength': `Whitelist must be at most ${MAX_WHITELIST_LENGTH} characters`,
}
const messages = new SimpleMessagesProvider(MESSAGES)

/** POST /admin/users (admin spec §5 Staff user create; the whitelist is accepted here too). */
export const createUserValidator = vine.compile(
  vine.object({ ...fields(), password: newPasswordRule() })
)
createUserValidator.messagesProvider = messages

/** PUT /admin/users/:id: the same; the password optional but at least 8 characters when given. */
export const updateUserValidator = vine.withMetaData<{ userId: number }>().compile(
  vine.object({
    ...fields(),
    password: newPasswordRule().optional(),
    // Editing one's own account, a new password or e-mail needs these (#services/own_credentials).
    currentPassword: vine.string().maxLength(128).optional(),
    twoFactorCode: vine.string().maxLength(64).optional(),
  })
)
updateUserValidator.messagesProvider = new SimpleMessagesProvider({
  ...MESSAGES,
  'currentPassword.string': 'Current password is incorrect',
  'currentPassword.maxLength': 'Current password is incorrect',
  'twoFactorCode.string': 'The code is invalid or was already used',
  'twoFactorCode.maxLength': 'The code is invalid or was already used',
})

/** A blank password on edit means "keep the current one" (the form starts it empty); a blank proof is none. */
export function withoutBlankPassword(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) }
  for (const key of ['password', 'currentPassword', 'twoFactorCode']) {
    if (out[key] === '' || out[key] === null) delete out[key]
  }
  return out
}
