import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import KycDocument from '#models/kyc_document'
import { isStorableId } from '#domain/ids'
import { notifyUser } from '#services/notification_service'
import { recordStaffAction, type StaffContext } from '#services/audit_log'
import { NotFoundException } from '#exceptions/not_found_exception'
import { UserFacingException } from '#exceptions/user_facing_exception'

export interface KycDecision extends StaffContext {
  documentId: number
  status: 'approved' | 'declined'
  /** Required for a decline; an approval clears any earlier reason. */
  declineReason?: string
}

/**
 * Approves or declines a KYC document exactly once under concurrent requests
 * (admin spec §4: approve unless already approved, decline always offered; a
 * declined document can be approved again). The change is one conditional
 * update — status not already the target, and no newer submission of the
 * customer superseding this one — so of any number of identical decisions at
 * once one applies and the rest get a 409. The reviewer and time are recorded
 * and the customer's notification and the audit row are written in the same
 * transaction; its live push follows the commit.
 */
export async function reviewKycDocument(decision: KycDecision): Promise<KycDocument> {
  const found = isStorableId(decision.documentId)
    ? await KycDocument.find(decision.documentId)
    : null
  if (!found) throw new NotFoundException()

  const applied = await db.transaction(async (trx) => {
    const now = DateTime.now().toSQL({ includeOffset: false })
    // What the audit row's "before" shows: the row as this decision finds it, locked on PostgreSQL.
    const current = await KycDocument.query({ client: trx })
      .where('id', found.id)
      .forUpdate()
      .firstOrFail()
    const claimed = await trx
      .from('kyc_documents')
      .where('id', found.id)
      .whereNot('status', decision.status)
      .whereNotExists((newer) =>
        newer
          .from('kyc_documents as newer')
          .whereRaw('newer.user_id = kyc_documents.user_id')
          .whereRaw('newer.id > kyc_documents.id')
      )
      .update({
        status: decision.status,
        decline_reason: decision.status === 'declined' ? (decision.declineReason ?? null) : null,
        reviewed_by_id: decision.staff.id,
        reviewed_at: now,
        updated_at: now,
      })
    if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return false

    await notifyUser(
      found.userId,
      decision.status === 'approved'
        ? {
            title: 'KYC approved',
            description: 'Your identity documents have been approved.',
            url: '/kyc',
          }
        : { title: 'KYC declined', description: decision.declineReason ?? null, url: '/kyc' },
      trx
    )
    const declineReason = decision.status === 'declined' ? (decision.declineReason ?? null) : null
    await recordStaffAction(trx, {
      staff: decision.staff,
      ip: decision.ip,
      action: decision.status === 'approved' ? 'kyc.approve' : 'kyc.decline',
      target: { type: 'kyc_document', id: found.id },
      before: { status: current.status, declineReason: current.declineReason },
      after: { status: decision.status, declineReason },
    })
    return true
  })

  const document = await KycDocument.findOrFail(found.id)
  if (!applied) throw refusal(document, decision.status)
  return document
}

function refusal(document: KycDocument, target: KycDecision['status']) {
  if (document.status === target) {
    return new UserFacingException(
      target === 'approved'
        ? 'This document is already approved'
        : 'This document is already declined',
      { status: 409, code: 'E_KYC_ALREADY_REVIEWED' }
    )
  }
  return new UserFacingException('A newer KYC submission of this customer replaces this document', {
    status: 409,
    code: 'E_KYC_SUPERSEDED',
  })
}
