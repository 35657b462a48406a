import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/** Six digits from the app or a recovery code; its shape is checked by parseSecondFactorCode. */
const code = () => vine.string().trim().maxLength(64)
const password = () => vine.string().maxLength(128)

const MESSAGES = {
  'code.required': 'Code is required',
  'code.string': 'Code is required',
  'code.maxLength': 'The code is invalid or was already used',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.maxLength': 'The password is incorrect',
}

export const codeValidator = vine.compile(vine.object({ code: code() }))
codeValidator.messagesProvider = new SimpleMessagesProvider(MESSAGES)

export const passwordValidator = vine.compile(vine.object({ password: password() }))
passwordValidator.messagesProvider = new SimpleMessagesProvider(MESSAGES)

export const disableTwoFactorValidator = vine.compile(
  vine.object({ password: password(), code: code() })
)
disableTwoFactorValidator.messagesProvider = new SimpleMessagesProvider(MESSAGES)
