import type { HttpContext } from '@adonisjs/core/http'
import Deposit from '#models/deposit'
import { readKycFile, sendPrivateFile } from '#services/kyc_files'
import { isStorableId } from '#domain/ids'
import { Roles } from '#domain/roles'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * GET /deposits/:id/proof: a bank deposit's transfer proof, streamed from the
 * private disk to its owner and to the staff who approve deposits (roles 1, 2).
 * Anyone else gets 404, as for a proof that does not exist.
 */
export default class DepositProofsController {
  async show({ params, auth, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const id = Number(params.id)
    const deposit = isStorableId(id) ? await Deposit.find(id) : null
    const allowed =
      deposit &&
      (deposit.userId === user.id || user.roleId === Roles.ADMIN || user.roleId === Roles.MANAGER)
    const file = allowed && deposit.proofPath ? await readKycFile(deposit.proofPath) : null
    if (!file) throw new NotFoundException()

    return sendPrivateFile(response, file, `deposit-${deposit!.id}-proof`)
  }
}
