import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import Setting from '#models/setting'
import { multipart } from '#tests/helpers/public_files'
import type { Upload } from '#tests/helpers/kyc'

/** A complete, valid Site Settings form as the page sends it (multipart text). */
export const SITE_FORM: Record<string, string> = {
  appName: 'Broker',
  appUrl: 'http://localhost:3333',
  appCurrency: 'USD,EUR,GBP',
  whatsapp: '+15550100200',
  theme: 'true',
  demoBalance: '10000',
  emailVerify: 'true',
  pricingPlan: 'true',
  stopLossSelector: 'amount',
  kycDeposit: 'true',
  kycWithdraw: 'true',
  kycTrade: 'true',
  recaptchaToggle: 'false',
  captchaClientKey: '',
  captchaSecretKey: '',
  webhookApiKeyLeads: '',
  showUserInfoAgent: 'false',
}

/** POST /admin/settings as multipart: the valid form with `changes` applied (undefined drops a field). */
export function postSiteSettings(
  client: ApiClient,
  admin: User,
  changes: Record<string, string | string[] | undefined> = {},
  files: Record<string, Upload> = {}
) {
  const fields = Object.fromEntries(
    Object.entries({ ...SITE_FORM, ...changes }).filter(([, v]) => v !== undefined)
  ) as Record<string, string | string[]>
  return multipart(client, 'post', '/admin/settings', admin, fields, files)
}

/** The stored value1 of a settings row. */
export async function stored(key: string) {
  return (await Setting.findBy('key', key))?.value1 ?? null
}

/** A bare 2 × 2, 32-bit bitmap as an icon entry holds it (header, colour rows, mask rows). */
export function iconBitmap() {
  const dib = Buffer.alloc(40 + 16 + 8)
  dib.writeUInt32LE(40, 0)
  dib.writeInt32LE(2, 4)
  dib.writeInt32LE(4, 8) // colour and mask rows
  dib.writeUInt16LE(1, 12)
  dib.writeUInt16LE(32, 14)
  dib.fill(0x7f, 40, 56)
  return dib
}

/**
 * An ICO file of the given entries (each its bytes and side), with `trailer`
 * appended after the last image — the place a disguised file hides its payload.
 */
export function icoFile(entries: { data: Buffer; side: number }[], trailer = '') {
  const header = Buffer.alloc(6 + entries.length * 16)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(entries.length, 4)
  let offset = header.length
  entries.forEach((entry, i) => {
    const at = 6 + i * 16
    header[at] = entry.side
    header[at + 1] = entry.side
    header.writeUInt16LE(1, at + 4)
    header.writeUInt16LE(32, at + 6)
    header.writeUInt32LE(entry.data.length, at + 8)
    header.writeUInt32LE(offset, at + 12)
    offset += entry.data.length
  })
  return Buffer.concat([header, ...entries.map((e) => e.data), Buffer.from(trailer, 'latin1')])
}
