import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { ENGLISH } from '#domain/languages'
import {
  languageListValidator,
  translationListValidator,
  translationValidator,
} from '#validators/languages'
import {
  findLanguageOrFail,
  findTranslationOrFail,
  languageList,
  translationPage,
} from '#queries/languages'
import { translationRow } from '#transformers/language_transformer'
import { saveLanguages } from '#actions/languages/save_languages'
import { createTranslation } from '#actions/translations/create_translation'
import { updateTranslation } from '#actions/translations/update_translation'
import { deleteTranslation } from '#actions/translations/delete_translation'

/** Languages and translations (admin spec §2 Languages, §3, §5, §7, §8). Role 1. */
export default class LanguagesController {
  /** GET /admin/languages: the editable list of name and code pairs. */
  async index({ inertia }: HttpContext) {
    return inertia.render('staff/languages/index', { languages: await languageList() })
  }

  /** POST /admin/languages { lotSelector: [{ name, code }], confirm? } */
  async save(ctx: HttpContext) {
    const { lotSelector, confirm } = await ctx.request.validateUsing(languageListValidator)
    await saveLanguages({ entries: lotSelector, confirm, ...staffContext(ctx) })
    return { message: 'Languages updated successfully', languages: await languageList() }
  }

  /** GET /admin/languages/:code: the language's translations, titled by its code (404 for an unknown one). */
  async show({ inertia, params }: HttpContext) {
    const language = await findLanguageOrFail(String(params.code))
    return inertia.render('staff/languages/translations', {
      language: { name: language.name, code: language.code },
      isEnglish: language.code === ENGLISH,
    })
  }

  /** GET /admin/languages/api/:code?page&limit&search&status&sort&order → { data, meta } */
  async list({ request, params }: HttpContext) {
    const language = await findLanguageOrFail(String(params.code))
    const query = await request.validateUsing(translationListValidator, { data: request.qs() })
    return translationPage(language.code, query)
  }

  /** POST /admin/languages/translations { code, key, value } */
  async store(ctx: HttpContext) {
    const payload = await ctx.request.validateUsing(translationValidator)
    const translation = await createTranslation({ ...payload, ...staffContext(ctx) })
    return ctx.response.created({
      message: 'Translation added successfully',
      translation: translationRow(translation),
    })
  }

  /** PUT /admin/languages/translations/:id { code, key, value } */
  async update(ctx: HttpContext) {
    const id = Number(ctx.params.id)
    await findTranslationOrFail(id)
    const payload = await ctx.request.validateUsing(translationValidator)
    const translation = await updateTranslation({ id, ...payload, ...staffContext(ctx) })
    return { message: 'Translation updated successfully', translation: translationRow(translation) }
  }

  /** DELETE /admin/languages/translations/:id */
  async destroy(ctx: HttpContext) {
    await deleteTranslation({ id: Number(ctx.params.id), ...staffContext(ctx) })
    return { message: 'Translation deleted successfully' }
  }
}
