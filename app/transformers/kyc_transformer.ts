import router from '@adonisjs/core/services/router'
import type KycDocument from '#models/kyc_document'
import { KYC_DOCUMENT_LABELS, kycStatusOf, type KycSide } from '#domain/kyc'
import { kindOfStoredName } from '#domain/file_kinds'
import { formatAdminDate } from '#domain/date_format'

/** The customer's KYC card (customer spec §2 KYC, §3): status and, when declined, the reason. */
export function kycCard(latest: KycDocument | null) {
  const status = kycStatusOf(latest)
  return {
    status,
    declineReason: status === 'declined' ? (latest?.declineReason ?? null) : null,
  }
}

export type KycCard = ReturnType<typeof kycCard>

/** A stored file as a link through the authorized file route; `pdf` files are shown as links, not images. */
function fileLink(document: KycDocument, side: KycSide, path: string | null) {
  if (!path) return null
  return {
    url: router.makeUrl('kyc.file', { id: document.id, side }),
    kind: kindOfStoredName(path) === 'pdf' ? ('pdf' as const) : ('image' as const),
  }
}

/** A row of the KYC Documents screen (admin spec §2 KYC Documents, §3 KYC document). The user must be preloaded. */
export function kycDocumentRow(document: KycDocument) {
  return {
    id: document.id,
    type: document.type,
    document: KYC_DOCUMENT_LABELS[document.type] ?? document.type,
    fullName: document.user.fullName,
    email: document.user.email,
    status: document.status,
    uploadedAt: formatAdminDate(document.createdAt),
    declineReason: document.declineReason,
    front: fileLink(document, 'front', document.frontPath),
    back: fileLink(document, 'back', document.backPath),
    address: fileLink(document, 'address', document.addressPath),
  }
}

export type KycDocumentRow = ReturnType<typeof kycDocumentRow>
