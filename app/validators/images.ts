import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { DOCUMENT_KINDS } from '#domain/file_kinds'
import { PUBLIC_IMAGE_MAX_MB } from '#domain/public_images'
import { sniffFile } from '#services/kyc_files'

/**
 * A public image must BE a PNG, JPEG or WebP picture, decided by its leading
 * bytes, never by its name or claimed MIME type. SVG is refused on purpose: it
 * can carry script, and these files are served to everyone from our origin.
 */
const publicImageContent = vine.createRule(
  async (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    const file = value as MultipartFile
    const kind = file.tmpPath ? await sniffFile(file.tmpPath).catch(() => null) : null
    if (!kind || !DOCUMENT_KINDS[kind].image) {
      field.report('The {{ field }} must be a PNG, JPEG or WebP image', 'imageContent', field)
    }
  }
)

export const publicImageFile = () =>
  vine.file({ size: `${PUBLIC_IMAGE_MAX_MB}mb` }).use(publicImageContent())

/** The messages of an image field, named as the form labels it. */
export function imageMessages(field: string, label: string): Record<string, string> {
  const kinds = `${label} must be a PNG, JPEG or WebP image`
  return {
    [`${field}.required`]: `${label} is required`,
    [`${field}.file`]: `${label} must be a file`,
    [`${field}.file.size`]: `${label} must be at most ${PUBLIC_IMAGE_MAX_MB} MB`,
    [`${field}.file.extname`]: kinds,
    [`${field}.imageContent`]: kinds,
  }
}
