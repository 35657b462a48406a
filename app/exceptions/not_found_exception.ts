import { Exception } from '@adonisjs/core/exceptions'

/** A 404 that renders the not-found page for visits and JSON for fetch calls. */
export class NotFoundException extends Exception {
  static status = 404
  static code = 'E_NOT_FOUND'
  static message = 'Not found'
}
