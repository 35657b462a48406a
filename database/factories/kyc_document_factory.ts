import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import KycDocument from '#models/kyc_document'

/**
 * A KYC submission without files (merge `userId`): `pending` by default,
 * `approved`, or `declined` with a reason. Tests that open the files use
 * `storedDocument` (tests/helpers/kyc.ts), which writes real ones.
 */
export const KycDocumentFactory = factory
  .define(KycDocument, () => ({
    type: 'passport' as const,
    frontPath: null,
    backPath: null,
    addressPath: null,
    status: 'pending' as const,
    declineReason: null,
  }))
  .state('approved', (document) => {
    document.status = 'approved'
    document.reviewedAt = DateTime.now()
  })
  .state('declined', (document) => {
    document.status = 'declined'
    document.declineReason = 'The document is not readable'
    document.reviewedAt = DateTime.now()
  })
  .build()
