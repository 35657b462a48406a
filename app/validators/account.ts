import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import {
  birthDateRule,
  countryRule,
  idRule,
  newPasswordRule,
  phoneRule,
  shortText,
} from '#validators/rules'

export const profileValidator = vine.compile(
  vine.object({
    fullName: shortText(160).minLength(2),
    phone: phoneRule().optional(),
    birthDate: birthDateRule().optional(),
    country: countryRule().optional(),
    city: shortText(100).optional(),
    address: shortText(255).optional(),
    postalCode: shortText(20).optional(),
  })
)
profileValidator.messagesProvider = new SimpleMessagesProvider({
  'fullName.required': 'Full name is required',
  'fullName.minLength': 'Full name must be at least 2 characters',
  'phone.regex': 'Enter a valid phone number',
  'phone.maxLength': 'Enter a valid phone number',
  'birthDate.date': 'Enter a valid birth date',
  'birthDate.date.beforeOrEqual': 'You must be at least 18 years old',
  'birthDate.date.afterOrEqual': 'Enter a valid birth date',
  'country.enum': 'Choose a country from the list',
  'maxLength': 'The {{ field }} field must be at most {{ max }} characters',
})

export const changePasswordValidator = vine.compile(
  vine.object({
    currentPassword: vine.string().maxLength(128),
    newPassword: newPasswordRule(),
    // Staff also give a fresh second-factor code (#services/own_credentials).
    twoFactorCode: vine.string().maxLength(64).optional(),
  })
)
changePasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'currentPassword.required': 'Current password is required',
  'newPassword.required': 'New password is required',
  'newPassword.minLength': 'Password must be at least 8 characters',
  'newPassword.maxLength': 'Password must be at most 128 characters',
  'twoFactorCode.string': 'The code is invalid or was already used',
  'twoFactorCode.maxLength': 'The code is invalid or was already used',
})

export const switchWalletValidator = vine.compile(vine.object({ balanceId: idRule() }))
switchWalletValidator.messagesProvider = new SimpleMessagesProvider({
  'balanceId.required': 'Wallet is required',
  'balanceId.number': 'Wallet is required',
  'balanceId.withoutDecimals': 'Wallet is required',
  'balanceId.min': 'Wallet is required',
  'balanceId.max': 'Wallet is required',
})

export const translationKeyValidator = vine.compile(
  vine.object({ key: vine.string().trim().minLength(1).maxLength(500) })
)
translationKeyValidator.messagesProvider = new SimpleMessagesProvider({
  'key.required': 'Key is required',
  'key.minLength': 'Key is required',
  'key.maxLength': 'Key must be at most 500 characters',
})
