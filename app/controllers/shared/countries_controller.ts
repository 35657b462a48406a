import type { HttpContext } from '@adonisjs/core/http'
import { COUNTRY_NAMES } from '#services/countries'

/** The country list, shaped as the spec's countries service (name.common). */
export default class CountriesController {
  async index({ response }: HttpContext) {
    response.header('cache-control', 'public, max-age=86400')
    return COUNTRY_NAMES.map((common) => ({ name: { common } }))
  }
}
