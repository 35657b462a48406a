import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import KycDocument from '#models/kyc_document'
import User from '#models/user'
import {
  canSubmitKyc,
  kycStatusOf,
  KYC_SIDES,
  type KycDocumentType,
  type KycSide,
} from '#domain/kyc'
import { deleteKycFiles, sanitizeDocument, storeKycFile } from '#services/kyc_files'
import type { CleanUpload } from '#services/upload_sanitizer'
import { UserFacingException } from '#exceptions/user_facing_exception'
import type { StaffContext } from '#services/audit_log'
import { recordActingStaffWrite } from '#services/acting_staff'

export interface SubmitKycInput {
  userId: number
  type: KycDocumentType
  files: Record<KycSide, MultipartFile>
  /** The staff member submitting them in a login-as session (audited). */
  actingStaff?: StaffContext | null
}

/**
 * A customer's KYC submission (customer spec §4: not_submitted → pending;
 * declined can be resubmitted). The files go to the private disk first; the
 * row is written in one transaction that locks the customer, so two
 * submissions at once cannot both pass the "nothing pending or approved"
 * check. Every file is checked and cleaned before any is written, so a
 * refused one (422 under its side) writes nothing; a failure after that
 * removes what was written.
 */
export async function submitKycDocuments(input: SubmitKycInput): Promise<KycDocument> {
  // Refuse early (no files written) when the latest submission already blocks a new one.
  await ensureCanSubmit(input.userId)

  // One at a time: each image is decoded in memory.
  const clean = {} as Record<KycSide, CleanUpload>
  for (const side of KYC_SIDES) clean[side] = await sanitizeDocument(input.files[side], side)

  const stored: string[] = []
  try {
    const paths = {} as Record<KycSide, string>
    for (const side of KYC_SIDES) {
      paths[side] = await storeKycFile(input.userId, clean[side])
      stored.push(paths[side])
    }
    return await db.transaction(async (trx) => {
      await User.query({ client: trx }).where('id', input.userId).forUpdate().firstOrFail()
      await ensureCanSubmit(input.userId, trx)
      const document = await KycDocument.create(
        {
          userId: input.userId,
          type: input.type,
          frontPath: paths.front,
          backPath: paths.back,
          addressPath: paths.address,
          status: 'pending',
        },
        { client: trx }
      )
      await recordActingStaffWrite(trx, input.actingStaff, {
        action: 'customer_session.kyc_submit',
        customerId: input.userId,
        after: { kycDocumentId: document.id, type: document.type, status: 'pending' },
      })
      return document
    })
  } catch (error) {
    await deleteKycFiles(stored)
    throw error
  }
}

async function ensureCanSubmit(userId: number, trx?: TransactionClientContract) {
  const latest = await KycDocument.query({ client: trx })
    .where('user_id', userId)
    .orderBy('id', 'desc')
    .first()
  const status = kycStatusOf(latest)
  if (canSubmitKyc(status)) return
  throw new UserFacingException(
    status === 'approved'
      ? 'Your KYC is already approved'
      : 'Your KYC is under review; you can submit again if it is declined',
    { status: 409, code: 'E_KYC_NOT_OPEN' }
  )
}
