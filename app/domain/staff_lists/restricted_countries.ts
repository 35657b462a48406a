import type { StaffListDeclaration } from '../staff_list.js'

export const RESTRICTED_COUNTRY_NOTE_MAX = 255

export const COUNTRY_TAKEN_MESSAGE = 'This country is already restricted'

/** What a visitor signing up from a restricted country reads under the country field. */
export const COUNTRY_RESTRICTED_MESSAGE = 'We do not open accounts for residents of this country'

/** A restricted country as its list and edit modal receive it. */
export interface RestrictedCountryListRow {
  id: number
  country: string
  note: string | null
  createdAt: string
}

/**
 * Restricted Countries (beyond the specs; role 1): the countries the broker
 * takes no customers from. Country, note, added; add and edit in one record
 * modal (the country from the page's `countries`, a note), delete behind a
 * confirmation. Sign-up refuses a country on the list.
 */
export const RESTRICTED_COUNTRY_LIST: StaffListDeclaration<RestrictedCountryListRow> = {
  screen: 'admin.restrictedCountries',
  label: 'Restricted Countries',
  testId: 'restricted-countries',
  editorTestId: 'restricted-country',
  columns: [
    { key: 'id', label: 'ID', kind: 'id' },
    { key: 'country', label: 'Country', kind: 'text' },
    { key: 'note', label: 'Note', kind: 'text', empty: '-' },
    { key: 'createdAt', label: 'Added', kind: 'text' },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Restricted Country', edit: 'Edit Restricted Country' },
    size: 'md',
    fields: [
      {
        name: 'country',
        label: 'Country',
        kind: 'select',
        options: 'countries',
        sendsText: true,
        placeholder: 'Choose a country',
        required: 'Country is required',
      },
      { name: 'note', label: 'Note', kind: 'text', empty: null },
    ],
  },
  deleteMessage: 'Are you sure to remove this country from the list?',
}
