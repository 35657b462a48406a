import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_ID } from '#domain/ids'
import { CUSTOMER_LIST_TYPES } from '#domain/customers'
import { FULL_NAME_MAX } from '#validators/staff_users'
import { listQueryFields, LIST_QUERY_MESSAGES } from '#validators/lists'
import {
  birthDateRule,
  countryRule,
  emailRule,
  newPasswordRule,
  oneMessage,
  phoneRule,
  requiredText,
  shortText,
  wholeNumberRule,
} from '#validators/rules'

/** GET /admin/customers/api/{type}: the list's type and the paging fields. */
export const customerListValidator = vine.compile(
  vine.object({ ...listQueryFields(), type: vine.enum(CUSTOMER_LIST_TYPES) })
)
customerListValidator.messagesProvider = new SimpleMessagesProvider({
  ...LIST_QUERY_MESSAGES,
  'type.enum': 'Unknown customers list',
})

/** The e-mail is free unless another account (deleted ones too: their rows are kept) has it. */
const freeEmail = () =>
  emailRule().unique(async (db, value, field) => {
    const self = (field.meta as { userId: number }).userId
    return !(await db
      .from('users')
      .whereRaw('lower(email) = ?', [value])
      .whereNot('id', self)
      .first())
  })

/**
 * PUT /admin/customers/:id (CRM spec §2.9, §7): fullName, email, password
 * (blank keeps it), phone, birthDate, country, city, postalCode, address,
 * managerId and pricingTableId (-2 = none), isEmailVerified, isActive.
 * Optional texts may be blank or null (cleared). On one's own page the
 * manager, plan, verified and active fields are not taken (the action
 * ignores them).
 */
export const updateCustomerValidator = vine.withMetaData<{ userId: number }>().compile(
  vine.object({
    fullName: requiredText(FULL_NAME_MAX),
    email: freeEmail(),
    password: newPasswordRule().optional(),
    phone: phoneRule().nullable().optional(),
    birthDate: birthDateRule().nullable().optional(),
    country: countryRule().nullable().optional(),
    city: shortText(100).nullable().optional(),
    postalCode: shortText(20).nullable().optional(),
    address: shortText(255).nullable().optional(),
    managerId: wholeNumberRule(-2, MAX_ID).optional(),
    pricingTableId: wholeNumberRule(-2, MAX_ID).optional(),
    isEmailVerified: vine.boolean().optional(),
    isActive: vine.boolean().optional(),
    // On one's own page, a new password or e-mail needs these (#services/own_credentials).
    currentPassword: vine.string().maxLength(128).optional(),
    twoFactorCode: vine.string().maxLength(64).optional(),
  })
)
updateCustomerValidator.messagesProvider = new SimpleMessagesProvider({
  'fullName.required': 'Full name is required',
  'fullName.string': 'Full name is required',
  'fullName.minLength': 'Full name is required',
  'fullName.maxLength': `Full name must be at most ${FULL_NAME_MAX} characters`,
  'email.required': 'Email is required',
  'email.string': 'Invalid email',
  'email.email': 'Invalid email',
  'email.maxLength': 'Invalid email',
  'email.database.unique': 'This email is already registered',
  'password.string': 'Password must be at least 8 characters',
  'password.minLength': 'Password must be at least 8 characters',
  'password.maxLength': 'Password must be at most 128 characters',
  'phone.string': 'Enter a valid phone number',
  'phone.regex': 'Enter a valid phone number',
  'phone.maxLength': 'Enter a valid phone number',
  'birthDate.date': 'Enter a valid birth date',
  'birthDate.date.beforeOrEqual': 'The customer must be at least 18 years old',
  'birthDate.date.afterOrEqual': 'Enter a valid birth date',
  'country.enum': 'Choose a country from the list',
  'city.string': 'City must be text',
  'city.maxLength': 'City must be at most 100 characters',
  'postalCode.string': 'Postal code must be text',
  'postalCode.maxLength': 'Postal code must be at most 20 characters',
  'address.string': 'Address must be text',
  'address.maxLength': 'Address must be at most 255 characters',
  ...oneMessage('managerId', 'Choose a manager from the list', ['wholeNumber']),
  ...oneMessage('pricingTableId', 'Choose a plan from the list', ['wholeNumber']),
  'isEmailVerified.boolean': 'Email verification must be yes or no',
  'isActive.boolean': 'Active status must be yes or no',
  'currentPassword.string': 'Current password is incorrect',
  'currentPassword.maxLength': 'Current password is incorrect',
  'twoFactorCode.string': 'The code is invalid or was already used',
  'twoFactorCode.maxLength': 'The code is invalid or was already used',
})

const OPTIONAL_TEXTS = ['phone', 'birthDate', 'country', 'city', 'postalCode', 'address']

/** The form sends blanks for empty fields: an empty optional text is a clear (null), an empty password keeps it (an empty proof is none). */
export function customerBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) }
  for (const key of OPTIONAL_TEXTS) {
    if (typeof out[key] === 'string' && (out[key] as string).trim() === '') out[key] = null
  }
  for (const key of ['password', 'currentPassword', 'twoFactorCode']) {
    if (out[key] === '' || out[key] === null) delete out[key]
  }
  return out
}
