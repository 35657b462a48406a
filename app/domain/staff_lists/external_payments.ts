import type { StaffListDeclaration } from '../staff_list.js'
import { PUBLIC_IMAGE_ACCEPT, PUBLIC_IMAGE_MAX_MB } from '../public_images.js'

/** An external payment as its list receives it (admin spec §3 External payment). */
export interface ExternalPaymentListRow {
  id: number
  logo: { url: string } | null
  name: string
  link: string
  customLabel: string | null
  customValue: string | null
}

/**
 * External Payments (admin spec §2 External Payment list): ID, logo, name,
 * link, custom label, custom value, actions; add and edit in one record modal
 * (multipart: logo, name, link, customLabel, customValue; the logo required
 * when adding, an empty one keeping the current), delete behind 'Are you
 * sure to delete this payment?'. Role 1.
 */
export const EXTERNAL_PAYMENT_LIST: StaffListDeclaration<ExternalPaymentListRow> = {
  screen: 'admin.externalPayments.index',
  routePrefix: 'admin.externalPayments',
  label: 'External Payments',
  testId: 'external-payments',
  editorTestId: 'external-payment',
  columns: [
    { key: 'id', label: 'ID', kind: 'id' },
    { key: 'logo', label: 'Logo', kind: 'image', altKey: 'name', empty: '-' },
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'link', label: 'Link', kind: 'link' },
    { key: 'customLabel', label: 'Custom Label', kind: 'text', empty: '-' },
    { key: 'customValue', label: 'Custom Value', kind: 'text', empty: '-' },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add External Payment', edit: 'Edit External Payment' },
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: 'Name is required' },
      {
        name: 'link',
        label: 'Link',
        kind: 'url',
        placeholder: 'https://',
        required: 'Link is required',
        invalid: 'Link must be an absolute https:// address',
      },
      { name: 'customLabel', label: 'Custom Label', kind: 'text' },
      { name: 'customValue', label: 'Custom Value', kind: 'text' },
      {
        name: 'logo',
        label: 'Logo',
        kind: 'image',
        required: 'Logo is required',
        accept: PUBLIC_IMAGE_ACCEPT,
        maxMb: PUBLIC_IMAGE_MAX_MB,
        preview: 'logo',
        hint: 'PNG, JPEG or WebP, at most {size} MB',
        editHint: 'PNG, JPEG or WebP, at most {size} MB · leave empty to keep the current logo',
      },
    ],
  },
  deleteMessage: 'Are you sure to delete this payment?',
}
