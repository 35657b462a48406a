import type { HttpContext } from '@adonisjs/core/http'
import KycDocument from '#models/kyc_document'
import { isStorableId } from '#domain/ids'
import { DOCUMENT_KINDS } from '#domain/file_kinds'
import type { KycSide } from '#domain/kyc'
import { readKycFile } from '#services/kyc_files'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * GET /kyc/documents/:id/:side: one file of a KYC submission, streamed from
 * the private disk to its owner and to the staff who review KYC. Anyone else
 * gets 404, as for a document that does not exist.
 */
export default class KycFilesController {
  async show({ params, bouncer, response }: HttpContext) {
    const id = Number(params.id)
    const document = isStorableId(id) ? await KycDocument.find(id) : null
    if (!document || !(await bouncer.with('KycDocumentPolicy').allows('viewFiles', document))) {
      throw new NotFoundException()
    }
    const side = params.side as KycSide
    const path = { front: document.frontPath, back: document.backPath, address: document.addressPath }[side]
    const file = path ? await readKycFile(path) : null
    if (!file) throw new NotFoundException()

    const { mime, extension } = DOCUMENT_KINDS[file.kind]
    response.header('Content-Type', mime)
    response.header('Content-Length', String(file.size))
    response.header('Content-Disposition', `inline; filename="kyc-${document.id}-${side}.${extension}"`)
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Cache-Control', 'private, no-store')
    return response.stream(file.stream)
  }
}
