import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { SITE_SETTINGS, siteSettingsProblem } from '#domain/site_settings'
import { sanitizeUpload, type CleanUpload } from '#services/upload_sanitizer'
import { deletePublicFile, storeCleanPublicFile } from '#services/public_files'
import type { StaffContext } from '#services/audit_log'
import type { UploadKind } from '#domain/file_kinds'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { saveSettings } from '#actions/settings/save_settings'

/**
 * POST /admin/settings (admin spec §3 Site settings): every given file is
 * checked by its content first (a refusal is a 422 under its field and
 * nothing is stored), then stored on the public disk under a new random name,
 * then the settings are saved with their audit row. A failed save removes the
 * new files; a committed one removes the files it replaced, so a page never
 * points at a missing picture.
 */
export async function saveSiteSettings(
  values: Record<string, unknown>,
  files: Record<string, MultipartFile | undefined>,
  clear: readonly string[],
  actor: StaffContext
) {
  const clean: [string, CleanUpload<UploadKind>][] = []
  for (const field of SITE_SETTINGS.fields) {
    const file = files[field.name]
    if (field.kind === 'file' && file) {
      clean.push([field.name, await sanitizeUpload(file, field.accepts, field.name)])
    }
  }

  const stored: Record<string, string> = {}
  try {
    for (const [name, upload] of clean)
      stored[name] = await storeCleanPublicFile(upload, 'branding')
    const { replacedFiles } = await saveSettings(SITE_SETTINGS, values, actor, {
      files: stored,
      clear,
      verify: (after) => {
        const problem = siteSettingsProblem(after)
        if (problem) throw new UserFacingException(problem.message, { field: problem.field })
      },
    })
    await Promise.all(replacedFiles.map((key) => deletePublicFile(key)))
  } catch (error) {
    await Promise.all(Object.values(stored).map((key) => deletePublicFile(key)))
    throw error
  }
}
