import type { HttpContext } from '@adonisjs/core/http'
import { translationKeyValidator } from '#validators/account'
import { saveMissingTranslation } from '#actions/translations/save_missing_translation'
import translationCache from '#services/translation_cache'
import { NotFoundException } from '#exceptions/not_found_exception'

export default class TranslationsController {
  /** GET /translations/:lng: the language's dictionary, from this process's cache (kept fresh by the change bus). */
  async show({ params, response }: HttpContext) {
    const dictionary = await translationCache.dictionary(String(params.lng))
    if (!dictionary) throw new NotFoundException()
    // Pages read it again after a staff edit: never from a stale browser copy.
    response.header('Cache-Control', 'no-cache')
    return dictionary
  }

  async store({ params, request, response }: HttpContext) {
    const { key } = await request.validateUsing(translationKeyValidator)
    await saveMissingTranslation(String(params.lng), key)
    return response.ok({ message: 'Saved' })
  }
}
