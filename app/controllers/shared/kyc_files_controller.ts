import type { HttpContext } from '@adonisjs/core/http'
import KycDocument from '#models/kyc_document'
import { isStorableId } from '#domain/ids'
import type { KycSide } from '#domain/kyc'
import { readKycFile, sendPrivateFile } from '#services/kyc_files'
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
    const path = {
      front: document.frontPath,
      back: document.backPath,
      address: document.addressPath,
    }[side]
    const file = path ? await readKycFile(path) : null
    if (!file) throw new NotFoundException()

    return sendPrivateFile(response, file, `kyc-${document.id}-${side}`)
  }
}
