import type { HttpContext } from '@adonisjs/core/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import settings from '#services/settings_service'
import { formValues } from '#domain/settings_schema'
import { SITE_SETTINGS } from '#domain/site_settings'
import { clearSecretsValidator, settingsValidator } from '#validators/settings'
import { saveSiteSettings } from '#actions/settings/save_site_settings'
import { staffContext } from '#services/audit_log'
import { discardUploads } from '#services/kyc_files'
import { publicFileUrl } from '#services/public_files'

/**
 * Site Settings (admin spec §2 "Site Settings (/admin/settings)", §3, §5, §7
 * POST /admin/settings multipart; menu: role 1): one form generated from
 * SITE_SETTINGS. Secrets never reach the page: it learns only which are set.
 */
export default class SiteSettingsController {
  /** GET /admin/settings */
  async show({ inertia }: HttpContext) {
    const { values, secretsSet, files } = formValues(SITE_SETTINGS, await settings.rows())
    return inertia.render('staff/settings/site', {
      values,
      secretsSet,
      files: Object.fromEntries(
        Object.entries(files).map(([name, key]) => [name, publicFileUrl(key)])
      ),
    })
  }

  /**
   * POST /admin/settings (multipart or JSON): every field; files optional
   * (absent keeps the stored one); `clear` lists secrets to erase.
   */
  async update(ctx: HttpContext) {
    const { request } = ctx
    try {
      const data = { ...request.all(), ...request.allFiles() }
      const { clear = [] } = await request.validateUsing(clearSecretsValidator(SITE_SETTINGS), {
        data,
      })
      const values = (await request.validateUsing(settingsValidator(SITE_SETTINGS), {
        data,
      })) as Record<string, unknown>
      const files = Object.fromEntries(
        SITE_SETTINGS.fields
          .filter((field) => field.kind === 'file')
          .map((field) => [field.name, values[field.name] as MultipartFile | undefined])
      )
      await saveSiteSettings(values, files, clear, staffContext(ctx))
      return { message: SITE_SETTINGS.saved }
    } finally {
      // A refused or stored upload leaves no temporary copy behind.
      await discardUploads(request.allFiles())
    }
  }
}
