import type { StaffListDeclaration } from '../staff_list.js'

/** A row of a language's translation table; a key visitors reported has no value yet. */
export interface TranslationListRow {
  id: number
  code: string
  key: string
  value: string
  untranslated: boolean
}

/**
 * A language's translations (admin spec §2 Languages: titled by the code; ID,
 * KEY, VALUE, ACTIONS from GET /admin/languages/api/{code}; add, edit and
 * delete behind 'Are you sure to delete this pair?'). Keys visitors reported
 * without a text come first, marked 'Untranslated', and the status filter
 * shows only them; filling one is editing it. Sorted by the server. Reached
 * from the Languages screen, whose role rule it shares.
 */
export const TRANSLATION_LIST: StaffListDeclaration<TranslationListRow> = {
  screen: 'admin.languages.index',
  api: {
    list: 'admin.languages.list',
    store: 'admin.languages.translations.store',
    update: 'admin.languages.translations.update',
    destroy: 'admin.languages.translations.destroy',
  },
  listParams: { code: 'language.code' },
  sendProps: { code: 'language.code' },
  label: 'Translations',
  testId: 'translations',
  editorTestId: 'translation',
  initialSort: { column: 'id', direction: 'descending' },
  filters: [
    {
      name: 'status',
      label: 'Status',
      placeholder: 'All',
      choices: [
        { value: 'untranslated', label: 'Untranslated' },
        { value: 'translated', label: 'Translated' },
      ],
      testId: 'translations-filter-status',
    },
  ],
  columns: [
    { key: 'id', label: 'ID', kind: 'id', serverSort: 'id' },
    { key: 'key', label: 'Key', kind: 'text', serverSort: 'key' },
    {
      key: 'value',
      label: 'Value',
      kind: 'text',
      truncate: true,
      flag: { key: 'untranslated', label: 'Untranslated', testId: 'untranslated' },
    },
  ],
  writes: ['store', 'update', 'destroy'],
  form: {
    titles: { add: 'Add Translation', edit: 'Edit Translation' },
    fields: [
      { name: 'key', label: 'Key', kind: 'text', required: 'Key is required' },
      { name: 'value', label: 'Value', kind: 'text', required: 'Value is required' },
    ],
  },
  deleteMessage: 'Are you sure to delete this pair?',
}
