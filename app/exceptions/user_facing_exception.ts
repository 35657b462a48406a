import { Exception } from '@adonisjs/core/exceptions'

/**
 * A business-rule refusal whose message is safe to show as is: "Not enough
 * balance", "This link has expired". With a field it renders under that field.
 */
export class UserFacingException extends Exception {
  constructor(message: string, options: { status?: number; field?: string; code?: string } = {}) {
    super(message, { status: options.status ?? 422, code: options.code ?? 'E_USER_FACING' })
    this.field = options.field
  }

  field?: string
  /** Several fields at once; the first one's message is the headline. */
  fieldErrors?: { field: string; message: string }[]

  static forFields(errors: { field: string; message: string }[]) {
    const error = new UserFacingException(errors[0].message, { field: errors[0].field })
    error.fieldErrors = errors
    return error
  }
}
