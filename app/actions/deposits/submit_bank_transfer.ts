import type { MultipartFile } from '@adonisjs/core/bodyparser'
import Deposit from '#models/deposit'
import { deleteKycFiles, sanitizeDocument, storePrivateDocument } from '#services/kyc_files'
import { bankDescription } from '#domain/withdrawals'
import { isStorableId } from '#domain/ids'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { NotFoundException } from '#exceptions/not_found_exception'

export interface BankTransferInput {
  userId: number
  depositId: number
  sender: { bankName: string; accountName: string; accountNumber: string }
  proof: MultipartFile
}

/**
 * PUT /deposits/bank/{id}: the customer tells staff which account the money
 * was sent from and uploads the transfer's proof (stored privately, served
 * only to the owner and the staff who approve deposits). Allowed while the
 * deposit is pending; a new proof replaces the previous one. The balance does
 * not move: staff approve the deposit once the money has arrived.
 */
export async function submitBankTransfer(input: BankTransferInput): Promise<Deposit> {
  const deposit = isStorableId(input.depositId)
    ? await Deposit.query()
        .where('id', input.depositId)
        .where('user_id', input.userId)
        .where('gateway', 'bank')
        .first()
    : null
  if (!deposit) throw new NotFoundException()
  if (deposit.status !== 'pending') {
    throw new UserFacingException('This deposit has already been decided', { status: 409 })
  }

  // A refused proof (422 under `proof`) is refused before anything is written.
  const proof = await sanitizeDocument(input.proof, 'proof')
  const proofPath = await storePrivateDocument('deposit-proofs', input.userId, proof)
  const previous = deposit.proofPath
  // Only a still-pending deposit takes the proof: staff may decide it meanwhile.
  const updated = await Deposit.query()
    .where('id', deposit.id)
    .where('status', 'pending')
    .update({
      proof_path: proofPath,
      description: bankDescription({ ...input.sender, swiftCode: '', bankCountry: '' }),
    })
  if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1) {
    await deleteKycFiles([proofPath])
    throw new UserFacingException('This deposit has already been decided', { status: 409 })
  }
  if (previous) await deleteKycFiles([previous])
  return Deposit.findOrFail(deposit.id)
}
