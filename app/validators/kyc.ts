import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import {
  KYC_DECLINE_REASON_MAX,
  KYC_DOCUMENT_TYPES,
  KYC_MAX_FILE_MB,
  KYC_SIDES,
  type KycSide,
} from '#domain/kyc'
import { sniffFile } from '#services/kyc_files'

/**
 * An uploaded identity document must BE an image (JPEG, PNG, WebP) or a PDF:
 * decided by the file's leading bytes, never by its name or the MIME type the
 * browser claims.
 */
const documentContent = vine.createRule(
  async (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    const file = value as MultipartFile
    const kind = file.tmpPath ? await sniffFile(file.tmpPath).catch(() => null) : null
    if (!kind)
      field.report(
        'The {{ field }} must be a JPEG, PNG or WebP image or a PDF',
        'documentContent',
        field
      )
  }
)

/** An uploaded document: an image or a PDF by its content, at most KYC_MAX_FILE_MB. */
export const documentFile = () => vine.file({ size: `${KYC_MAX_FILE_MB}mb` }).use(documentContent())

/** POST /kyc (multipart): type, front, back, address (customer spec §3, §7). */
export const kycSubmissionValidator = vine.compile(
  vine.object({
    type: vine.enum(KYC_DOCUMENT_TYPES),
    front: documentFile(),
    back: documentFile(),
    address: documentFile(),
  })
)

/** How each file is named in messages. */
const SIDE_NAMES: Record<KycSide, string> = {
  front: 'Front side',
  back: 'Back side',
  address: 'Address proof',
}

kycSubmissionValidator.messagesProvider = new SimpleMessagesProvider({
  'type.required': 'Document type is required',
  'type.enum': 'Document type must be National ID, Passport or Driver License',
  ...Object.fromEntries(
    KYC_SIDES.flatMap((side) => {
      const name = SIDE_NAMES[side]
      return [
        [`${side}.required`, `${name} is required`],
        [`${side}.file`, `${name} must be a file`],
        [`${side}.file.size`, `${name} must be at most ${KYC_MAX_FILE_MB} MB`],
        [`${side}.file.extname`, `${name} must be a JPEG, PNG or WebP image or a PDF`],
        [`${side}.documentContent`, `${name} must be a JPEG, PNG or WebP image or a PDF`],
      ]
    })
  ),
})

/** POST /admin/kyc/:id/decline: declineReason, plain text (admin spec §5, §7), required here. */
export const kycDeclineValidator = vine.compile(
  vine.object({
    declineReason: vine.string().trim().minLength(1).maxLength(KYC_DECLINE_REASON_MAX),
  })
)
kycDeclineValidator.messagesProvider = new SimpleMessagesProvider({
  'declineReason.required': 'Decline reason is required',
  'declineReason.string': 'Decline reason is required',
  'declineReason.minLength': 'Decline reason is required',
  'declineReason.maxLength': `Decline reason must be at most ${KYC_DECLINE_REASON_MAX} characters`,
})
