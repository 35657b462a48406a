import { Alert, Chip, Select, SelectItem } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type LanguagesController from '#controllers/staff/languages_controller'
import type { TranslationRow } from '#transformers/language_transformer'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Values = { key: string; value: string }
type Filters = { status: string }

/**
 * A language's translations (admin spec §2 Languages: titled by the code; ID,
 * KEY, VALUE, ACTIONS from GET /admin/languages/api/{code}; add, edit and
 * delete behind 'Are you sure to delete this pair?'). Keys visitors reported
 * without a text come first, marked 'Untranslated', and the status filter
 * shows only them; filling one is editing it. After a save the page's own
 * dictionary is read again when it is this language.
 */
export default function Translations({
  language,
  isEnglish,
}: InferPageProps<LanguagesController, 'show'>) {
  const { t, lang, reload } = useTranslation()
  const list = useServerList<TranslationRow, Filters>(
    route('admin.languages.list', { code: language.code }),
    {
      filters: { status: '' },
      sort: { column: 'id', direction: 'descending' },
    }
  )
  const changed = () => {
    list.reload()
    if (lang === language.code) reload()
  }
  const editor = useRecordEditor<TranslationRow, Values>({
    testId: 'translation',
    titles: { add: 'Add Translation', edit: 'Edit Translation' },
    initial: (row) => ({ key: row?.key ?? '', value: row?.value ?? '' }),
    rules: (v) => ({
      key: v.key.trim() ? undefined : 'Key is required',
      value: v.value.trim() ? undefined : 'Value is required',
    }),
    fields: (form) => (
      <>
        <TextField form={form} name="key" label="Key" />
        <TextField form={form} name="value" label="Value" />
      </>
    ),
    createUrl: route('admin.languages.translations.store'),
    updateUrl: (row) => route('admin.languages.translations.update', { id: row.id }),
    body: (v) => ({ code: language.code, key: v.key, value: v.value }),
    remove: {
      url: (row) => route('admin.languages.translations.destroy', { id: row.id }),
      message: 'Are you sure to delete this pair?',
    },
    rowId: (row) => row.id,
    onChanged: changed,
  })

  const columns: PagedColumn<TranslationRow>[] = [
    { key: 'id', label: 'ID', serverSort: 'id' },
    { key: 'key', label: 'Key', serverSort: 'key' },
    {
      key: 'value',
      label: 'Value',
      render: (row) =>
        row.untranslated ? (
          <Chip size="sm" color="warning" variant="flat" data-testid={`untranslated-${row.id}`}>
            {t('Untranslated')}
          </Chip>
        ) : (
          <span className="block max-w-64 truncate" title={row.value}>
            {row.value}
          </span>
        ),
    },
    { key: 'actions', label: 'Actions', render: editor.rowButtons },
  ]

  const statusFilter = (
    <Select
      size="sm"
      className="w-44"
      aria-label={t('Status')}
      placeholder={t('All')}
      selectedKeys={list.filters.status ? [list.filters.status] : []}
      onSelectionChange={(keys) => list.setFilters({ status: String([...keys][0] ?? '') })}
      data-testid="translations-filter-status"
    >
      <SelectItem key="untranslated">{t('Untranslated')}</SelectItem>
      <SelectItem key="translated">{t('Translated')}</SelectItem>
    </Select>
  )

  return (
    <div className="flex flex-col gap-4">
      {isEnglish && (
        <Alert
          color="primary"
          title={t('English is the language of the keys: its texts need no translation.')}
        />
      )}
      <AdminDataTable
        label="Translations"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="translations"
        filters={statusFilter}
        actions={isEnglish ? undefined : editor.addButton}
      />
      {editor.modals}
    </div>
  )
}

Translations.layout = staffLayout
