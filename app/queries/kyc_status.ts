import KycDocument from '#models/kyc_document'
import { kycStatusOf, type KycStatus } from '#domain/kyc'

export async function kycStatusFor(userId: number): Promise<KycStatus> {
  const latest = await KycDocument.query().where('user_id', userId).orderBy('id', 'desc').first()
  return kycStatusOf(latest)
}
