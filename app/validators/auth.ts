import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import {
  birthDateRule,
  countryRule,
  emailRule,
  newPasswordRule,
  phoneRule,
  requiredText,
  shortText,
} from '#validators/rules'

const PASSWORD_MESSAGES = {
  'password.required': 'Password is required',
  'password.minLength': 'Password must be at least 8 characters',
  'password.maxLength': 'Password must be at most 128 characters',
}

export const loginValidator = vine.compile(
  vine.object({
    email: emailRule(),
    password: vine.string().maxLength(128),
    remember: vine.boolean().optional(),
    humanKey: vine.string().maxLength(4096).optional(),
  })
)
loginValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Email is required',
  'email.email': 'Enter a valid email address',
  'password.required': 'Password is required',
})

export const signupValidator = vine.withMetaData<{ currencies: string[] }>().compile(
  vine.object({
    fullName: shortText(160).minLength(2),
    email: emailRule().unique(async (db, value) => {
      const row = await db.from('users').whereRaw('lower(email) = ?', [value]).first()
      return !row
    }),
    password: newPasswordRule(),
    passwordConfirmation: vine.string().sameAs('password'),
    phone: phoneRule(),
    birthDate: birthDateRule().optional(),
    country: countryRule(),
    city: requiredText(100),
    address: requiredText(255),
    postalCode: requiredText(20),
    currency: vine.enum((field) => field.meta.currencies as string[]),
    humanKey: vine.string().maxLength(4096).optional(),
    promoCode: shortText(64).optional(),
  })
)
signupValidator.messagesProvider = new SimpleMessagesProvider({
  'fullName.required': 'Full name is required',
  'fullName.minLength': 'Full name must be at least 2 characters',
  'fullName.maxLength': 'Full name must be at most 160 characters',
  'email.required': 'Email is required',
  'email.email': 'Enter a valid email address',
  'email.database.unique': 'This email is already registered',
  ...PASSWORD_MESSAGES,
  'passwordConfirmation.required': 'Passwords must match',
  'passwordConfirmation.sameAs': 'Passwords must match',
  'phone.required': 'Phone number is required',
  'phone.regex': 'Enter a valid phone number',
  'phone.maxLength': 'Enter a valid phone number',
  'birthDate.date': 'Enter a valid birth date',
  'birthDate.date.beforeOrEqual': 'You must be at least 18 years old',
  'birthDate.date.afterOrEqual': 'Enter a valid birth date',
  'country.required': 'Country is required',
  'country.enum': 'Choose a country from the list',
  'city.required': 'City is required',
  'city.minLength': 'City is required',
  'address.required': 'Address is required',
  'address.minLength': 'Address is required',
  'postalCode.required': 'Postal code is required',
  'postalCode.minLength': 'Postal code is required',
  'currency.required': 'Currency is required',
  'currency.enum': 'Choose one of the offered currencies',
  'maxLength': 'The {{ field }} field must be at most {{ max }} characters',
})

export const forgotPasswordValidator = vine.compile(
  vine.object({
    email: emailRule(),
    humanKey: vine.string().maxLength(4096).optional(),
  })
)
forgotPasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Email is required',
  'email.email': 'Enter a valid email address',
})

export const resetPasswordValidator = vine.compile(
  vine.object({
    password: newPasswordRule(),
    token: vine.string().trim().minLength(20).maxLength(200),
  })
)
resetPasswordValidator.messagesProvider = new SimpleMessagesProvider({
  ...PASSWORD_MESSAGES,
  'token.required': 'This reset link is invalid or has expired',
  'token.minLength': 'This reset link is invalid or has expired',
  'token.maxLength': 'This reset link is invalid or has expired',
})
