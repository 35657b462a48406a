import { Exception } from '@adonisjs/core/exceptions'

/**
 * A business-rule refusal whose message is safe to show as is: "Not enough
 * balance", "This link has expired". With a field it renders under that field.
 */
export class UserFacingException extends Exception {
  constructor(
    message: string,
    options: { status?: number; field?: string; code?: string } = {}
  ) {
    super(message, { status: options.status ?? 422, code: options.code ?? 'E_USER_FACING' })
    this.field = options.field
  }

  field?: string
}
