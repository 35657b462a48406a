import type { MultipartFile } from '@adonisjs/core/bodyparser'
import ExternalPayment from '#models/external_payment'
import { deletePublicFile, storePublicImage } from '#services/public_files'

export interface ExternalPaymentFields {
  name: string
  link: string
  customLabel?: string | null
  customValue?: string | null
}

export interface CreateExternalPaymentInput extends ExternalPaymentFields {
  logo: MultipartFile
}

/** Adds an external payment link (admin spec §2 External Payment list): the logo is stored first, on the public disk. */
export async function createExternalPayment(input: CreateExternalPaymentInput): Promise<ExternalPayment> {
  const logoPath = await storePublicImage(input.logo, 'external-payments', 'logo')
  try {
    return await ExternalPayment.create({
      name: input.name,
      link: input.link,
      customLabel: input.customLabel || null,
      customValue: input.customValue || null,
      logoPath,
    })
  } catch (error) {
    await deletePublicFile(logoPath)
    throw error
  }
}
