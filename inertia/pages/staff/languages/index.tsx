import { useState } from 'react'
import { Link } from '@inertiajs/react'
import { Button, Card, CardBody, Chip, Input } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type LanguagesController from '#controllers/staff/languages_controller'
import type { LanguageRow } from '#transformers/language_transformer'
import { ENGLISH, LANGUAGE_CODE, languageListProblems } from '@domain/languages'
import { staffLayout } from '~/layouts/staff_layout'
import { ConfirmDialog } from '~/components/common/confirm_dialog'
import { useListEditor } from '~/hooks/use_list_editor'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Entry = { name: string; code: string; saved: LanguageRow | null }

const CODE_MESSAGE = 'Code must be a language code such as es or pt-br'

/** Each entry's own problems, as the server words them (its list-wide ones come from the domain). */
function entryProblems(list: Entry[]): Record<string, string> {
  const problems: Record<string, string> = {}
  const clean = list.map((e) => ({ name: e.name.trim(), code: e.code.trim().toLowerCase() }))
  clean.forEach((e, i) => {
    if (!e.name) problems[`lotSelector.${i}.name`] = 'Name is required'
    if (!e.code) problems[`lotSelector.${i}.code`] = 'Code is required'
    else if (!LANGUAGE_CODE.test(e.code)) problems[`lotSelector.${i}.code`] = CODE_MESSAGE
  })
  for (const p of languageListProblems(clean)) problems[p.field] ??= p.message
  return problems
}

/**
 * Languages (admin spec §2, §7, §8): the editable list of name and code
 * pairs, saved as a whole with POST /admin/languages { lotSelector }. Each
 * saved pair links to its translations. English cannot be removed; a save
 * that removes a language with translations asks first (the server says how
 * many would go) and is sent again with `confirm`.
 */
export default function Languages(props: InferPageProps<LanguagesController, 'index'>) {
  const { t } = useTranslation()
  const toEntries = (rows: LanguageRow[]) =>
    rows.map((row) => ({ name: row.name, code: row.code, saved: row }))
  const [confirmation, setConfirmation] = useState<string | null>(null)
  // A save removing languages with translations answers 409 with the count: confirm, then save again confirmed.
  const list = useListEditor<Entry>({
    initial: toEntries(props.languages),
    blank: () => ({ name: '', code: '', saved: null }),
    url: route('admin.languages.save'),
    body: (entries) => ({
      lotSelector: entries.map((e) => ({ name: e.name.trim(), code: e.code.trim() })),
    }),
    saved: (data: { languages: LanguageRow[] }) => toEntries(data.languages),
    problems: entryProblems,
    onConflict: setConfirmation,
  })
  const message = list.message

  return (
    <Card className="w-full max-w-3xl" data-testid="languages-form">
      <CardBody className="flex flex-col gap-4">
        {message('lotSelector') && (
          <span className="text-small text-danger" data-testid="languages-error">
            {message('lotSelector')}
          </span>
        )}
        {list.entries.map((entry, i) => {
          const saved = entry.saved && entry.saved.code === entry.code.trim() ? entry.saved : null
          return (
            <div
              key={i}
              className="flex flex-wrap items-start gap-2"
              data-testid={`language-entry-${i}`}
            >
              <Input
                size="sm"
                className="w-48"
                label={t('Name')}
                value={entry.name}
                onValueChange={(name) => list.edit(i, { name })}
                isInvalid={!!message(`lotSelector.${i}.name`)}
                errorMessage={message(`lotSelector.${i}.name`)}
                data-testid={`language-name-${i}`}
              />
              <Input
                size="sm"
                className="w-32"
                label={t('Code')}
                value={entry.code}
                onValueChange={(code) => list.edit(i, { code })}
                isInvalid={!!message(`lotSelector.${i}.code`)}
                errorMessage={message(`lotSelector.${i}.code`)}
                data-testid={`language-code-${i}`}
              />
              <div className="mt-2 flex min-w-40 gap-1">
                {saved && (
                  <Chip size="sm" variant="flat">
                    {t('{count} translations', { count: saved.translations })}
                  </Chip>
                )}
                {saved && saved.untranslated > 0 && (
                  <Chip size="sm" variant="flat" color="warning">
                    {t('{count} untranslated', { count: saved.untranslated })}
                  </Chip>
                )}
              </div>
              <Button
                size="sm"
                variant="flat"
                className="mt-1"
                as={saved ? Link : undefined}
                href={saved ? route('admin.languages.show', { code: saved.code }) : undefined}
                isDisabled={!saved}
                data-testid={`language-edit-${i}`}
              >
                {t('Edit')}
              </Button>
              {entry.saved?.code !== ENGLISH && list.removeButton(i, `language-remove-${i}`)}
            </div>
          )
        })}
        {list.footer({ add: 'language-add', submit: 'languages-submit' })}
      </CardBody>
      <ConfirmDialog
        isOpen={confirmation !== null}
        title="Delete translations?"
        message={confirmation ?? ''}
        confirmLabel="Delete"
        confirmColor="danger"
        onConfirm={() => list.save({ confirm: true })}
        onClose={() => setConfirmation(null)}
        testId="languages-confirm"
      />
    </Card>
  )
}

Languages.layout = staffLayout
