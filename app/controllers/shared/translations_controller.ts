import type { HttpContext } from '@adonisjs/core/http'
import Language from '#models/language'
import { translationKeyValidator } from '#validators/account'
import { saveMissingTranslation } from '#actions/translations/save_missing_translation'
import { translationsFor } from '#queries/translations'

export default class TranslationsController {
  async show({ params }: HttpContext) {
    const language = await Language.findByOrFail('code', String(params.lng))
    return translationsFor(language.code)
  }

  async store({ params, request, response }: HttpContext) {
    const { key } = await request.validateUsing(translationKeyValidator)
    await saveMissingTranslation(String(params.lng), key)
    return response.ok({ message: 'Saved' })
  }
}
