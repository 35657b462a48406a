import { useState, type ReactNode } from 'react'
import {
  Button,
  Link,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Progress,
} from '@heroui/react'
import type { LeadRow } from '#transformers/lead_row'
import { CSV_CONTACT_COLUMNS, CSV_OPTIONAL_COLUMNS } from '@domain/lead_intake'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import { FileField } from '~/components/form/file_field'
import { useApiForm, type ApiForm } from '~/hooks/use_api_form'
import { useRowAction } from '~/hooks/use_row_action'
import { useTranslation } from '~/hooks/use_translation'
import { uploadWithProgress } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

/** The choices the lead dialogs' selects offer (ids; -2 = none). */
export interface LeadDialogChoices {
  statuses: { id: number; status: string; isDefault: boolean }[]
  managers: { id: number; fullName: string }[]
  agents: { id: number; fullName: string }[]
  retAgents: { id: number; fullName: string }[]
}

export interface LeadDialogsOptions {
  /** Called after any successful add, edit, convert, delete or upload: the list reloads. */
  onChanged: () => void
  viewerRoleId: number
  choices: LeadDialogChoices
}

export interface LeadDialogs {
  openAdd: () => void
  openEdit: (row: LeadRow) => void
  openConvert: (row: LeadRow) => void
  confirmDelete: (row: LeadRow) => void
  openUpload: () => void
  /** Render once in the page: the dialogs themselves. */
  element: ReactNode
}

/** Placeholder id of an unselected select (spec §9). */
const NONE = '-2'
const DEFAULT_STATUS = 'New'

type LeadFormValues = {
  firstName: string
  lastName: string
  email: string
  phone: string
  country: string
  city: string
  funnelLink: string
  reference: string
  leadSourceId: string
  leadStatus: string
  managerId: string
  agentId: string
  retId: string
}

/** Roles 5 and 6 get the edit form reduced to the submit button (spec §2.10); it resends the lead's status. */
const isAgent = (roleId: number) => roleId === 5 || roleId === 6
/** The manager select is hidden for roles 2, 5 and 6 (spec §2.10). */
const seesManagerSelect = (roleId: number) => roleId === 1

/**
 * The lead add form (POST /admin/leads), edit dialog (PUT /admin/leads/{id}),
 * convert-to-user (POST /admin/leads/convertLeadToUser), delete (DELETE
 * /admin/leads/{id}, 'Are you sure to delete this lead?') and the 'Upload
 * Leads' CSV modal (POST /admin/leads/csv), for the leads pages' toolbars and
 * rows (CRM spec §2.4, §2.10). Built on the shared record editor, row action
 * and form hooks; the server decides what each role may change.
 */
export function useLeadDialogs(options: LeadDialogsOptions): LeadDialogs {
  const { t } = useTranslation()
  const { viewerRoleId, choices, onChanged } = options
  const [converting, setConverting] = useState<LeadRow | null>(null)
  const [uploading, setUploading] = useState(false)

  const statusOptions = choices.statuses.map((s) => ({ value: s.status, label: s.status }))
  const people = (list: { id: number; fullName: string }[]) => [
    { value: NONE, label: t('None') },
    ...list.map((p) => ({ value: String(p.id), label: p.fullName })),
  ]
  const defaultStatus =
    choices.statuses.find((s) => s.status === DEFAULT_STATUS)?.status ??
    choices.statuses.find((s) => s.isDefault)?.status ??
    DEFAULT_STATUS

  const editor = useRecordEditor<LeadRow, LeadFormValues>({
    testId: 'lead',
    titles: { add: 'Add Lead', edit: 'Edit Lead' },
    initial: (row) => ({
      firstName: row?.firstName ?? '',
      lastName: row?.lastName ?? '',
      email: row?.email ?? '',
      phone: row?.phone ?? '',
      country: row?.country ?? '',
      city: row?.city ?? '',
      funnelLink: row?.funnelLink ?? '',
      reference: row?.reference ?? '',
      leadSourceId: row?.leadSourceId ?? '',
      leadStatus: row?.leadStatus ?? defaultStatus,
      managerId: row?.manager ? String(row.manager.id) : NONE,
      agentId: row?.agent ? String(row.agent.id) : NONE,
      retId: row?.retAgent ? String(row.retAgent.id) : NONE,
    }),
    fields: (form, row) => (
      <LeadFields
        form={form}
        editing={row !== null}
        statusOnly={row !== null && isAgent(viewerRoleId)}
        showManager={seesManagerSelect(viewerRoleId)}
        statusOptions={statusOptions}
        managers={people(choices.managers)}
        agents={people(choices.agents)}
        retAgents={people(choices.retAgents)}
      />
    ),
    createUrl: route('admin.leads.store'),
    updateUrl: (row) => route('admin.leads.update', { id: row.id }),
    body: (v, row) => {
      if (row && isAgent(viewerRoleId)) return { leadStatus: v.leadStatus }
      const text = (s: string) => s.trim() || null
      const common = {
        firstName: text(v.firstName),
        lastName: text(v.lastName),
        email: text(v.email),
        phone: text(v.phone),
        country: text(v.country),
        city: text(v.city),
        funnelLink: text(v.funnelLink),
        reference: text(v.reference),
        leadStatus: v.leadStatus || defaultStatus,
      }
      if (!row) return common
      return {
        ...common,
        leadSourceId: text(v.leadSourceId),
        ...(seesManagerSelect(viewerRoleId) ? { managerId: Number(v.managerId) } : {}),
        agentId: Number(v.agentId),
        retId: Number(v.retId),
      }
    },
    rowId: (row) => row.id,
    onChanged,
    size: '2xl',
  })

  const convertEditor = useRecordEditor<LeadRow, { password: string }>({
    testId: 'lead-convert',
    titles: { add: 'Convert to User', edit: 'Convert to User' },
    initial: () => ({ password: '' }),
    rules: (v) => ({
      password: !v.password
        ? 'Password is required'
        : v.password.length < 8
          ? 'Password must be at least 8 characters'
          : undefined,
    }),
    fields: (form) => (
      <>
        {converting && (
          <p className="text-small text-default-600">
            {[converting.firstName, converting.lastName].filter(Boolean).join(' ')}{' '}
            {converting.email ? `(${converting.email})` : ''}
          </p>
        )}
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
      </>
    ),
    createUrl: route('admin.leads.convert'),
    updateUrl: () => route('admin.leads.convert'),
    body: (v) => ({ id: converting?.id, password: v.password }),
    rowId: (row) => row.id,
    onChanged,
    size: 'md',
  })

  const deletion = useRowAction<LeadRow, 'delete'>(
    {
      delete: {
        title: 'Delete',
        message: 'Are you sure to delete this lead?',
        confirmLabel: 'Delete',
        confirmColor: 'danger',
        request: (row) => ({ method: 'DELETE', url: route('admin.leads.destroy', { id: row.id }) }),
      },
    },
    { onDone: onChanged, testId: 'lead-delete-dialog' }
  )

  const element = (
    <>
      {editor.modals}
      {convertEditor.modals}
      {deletion.dialog}
      <UploadLeadsModal
        isOpen={uploading}
        onClose={() => setUploading(false)}
        onChanged={onChanged}
      />
    </>
  )

  return {
    openAdd: () => editor.edit(null),
    openEdit: (row) => editor.edit(row),
    openConvert: (row) => {
      setConverting(row)
      convertEditor.edit(null)
    },
    confirmDelete: (row) => deletion.ask(row, 'delete'),
    openUpload: () => setUploading(true),
    element,
  }
}

function LeadFields(props: {
  form: ApiForm<LeadFormValues>
  editing: boolean
  statusOnly: boolean
  showManager: boolean
  statusOptions: { value: string; label: string }[]
  managers: { value: string; label: string }[]
  agents: { value: string; label: string }[]
  retAgents: { value: string; label: string }[]
}) {
  const { form } = props
  const status = (
    <SelectField form={form} name="leadStatus" label="Lead Status" options={props.statusOptions} />
  )
  if (props.statusOnly) return null
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-6 sm:grid-cols-2">
      <TextField form={form} name="firstName" label="First Name" />
      <TextField form={form} name="lastName" label="Last Name" />
      <TextField form={form} name="email" label="Email" type="email" />
      <TextField form={form} name="phone" label="Phone" type="tel" />
      <TextField form={form} name="country" label="Country" />
      <TextField form={form} name="city" label="City" />
      <TextField form={form} name="funnelLink" label="Funnel Link" />
      <TextField form={form} name="reference" label="Aff. Reference" />
      {props.editing && <TextField form={form} name="leadSourceId" label="Lead Source ID" />}
      {status}
      {props.editing && props.showManager && (
        <SelectField form={form} name="managerId" label="Manager" options={props.managers} />
      )}
      {props.editing && (
        <SelectField form={form} name="agentId" label="Sale Agent" options={props.agents} />
      )}
      {props.editing && (
        <SelectField form={form} name="retId" label="Retention Agent" options={props.retAgents} />
      )}
    </div>
  )
}

interface UploadResult {
  message: string
  rows: number
  created: number
  duplicates: number
  invalid: number
  report: string | null
}

/**
 * 'Upload Leads' (spec §2.4): one file field and the example CSV link. While
 * the file goes up the bar shows its progress; then the server imports it
 * (an indeterminate bar); then the counts and, when rows were refused, the
 * link to the error report.
 */
function UploadLeadsModal(props: { isOpen: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation()
  const form = useApiForm<{ file: File | null }>({ file: null }, (v) => ({
    file: v.file ? undefined : 'Choose a CSV file',
  }))
  const [progress, setProgress] = useState<number | null>(null)
  const [result, setResult] = useState<UploadResult | null>(null)

  const close = () => {
    if (form.processing) return
    form.setValues({ file: null })
    setProgress(null)
    setResult(null)
    props.onClose()
  }

  const submit = () =>
    form.submit<UploadResult>('POST', route('admin.leads.csv'), {
      send: () => {
        const data = new FormData()
        data.append('file', form.values.file as File)
        setProgress(0)
        setResult(null)
        return uploadWithProgress<UploadResult>(route('admin.leads.csv'), data, setProgress)
      },
      onSuccess: (data) => {
        setProgress(null)
        setResult(data)
        toastSuccess(data.message)
        props.onChanged()
      },
      onError: (message) => {
        setProgress(null)
        toastError(message)
      },
    })

  const processing = progress !== null && progress >= 1
  return (
    <Modal isOpen={props.isOpen} onClose={close} size="lg">
      <ModalContent data-testid="lead-upload-modal">
        <ModalHeader>{t('Upload Leads')}</ModalHeader>
        <ModalBody className="flex flex-col gap-4">
          <FileField
            form={form}
            name="file"
            label="CSV File"
            accept=".csv,text/csv"
            description={t('UTF-8 CSV with a header row, at most 50 MB')}
          />
          <Link
            href={route('admin.leads.csv.example')}
            download
            size="sm"
            data-testid="lead-upload-example"
          >
            {t('Download example CSV')}
          </Link>
          <div className="flex flex-col gap-1 text-small" data-testid="lead-upload-columns">
            <span>
              {t('Required columns: {columns} (at least one)', {
                columns: CSV_CONTACT_COLUMNS.join(', '),
              })}
            </span>
            <span className="text-default-500">
              {t('Optional columns: {columns}', { columns: CSV_OPTIONAL_COLUMNS.join(', ') })}
            </span>
          </div>
          {progress !== null && (
            <Progress
              aria-label={t(processing ? 'Importing leads…' : 'Uploading…')}
              label={t(processing ? 'Importing leads…' : 'Uploading…')}
              size="sm"
              isIndeterminate={processing}
              value={processing ? undefined : Math.round(progress * 100)}
              showValueLabel={!processing}
              data-testid="lead-upload-progress"
            />
          )}
          {result && (
            <div className="flex flex-col gap-1 text-small" data-testid="lead-upload-result">
              <div>
                {t('Created')}: <strong>{result.created}</strong>
              </div>
              <div>
                {t('Duplicates')}: <strong>{result.duplicates}</strong>
              </div>
              <div>
                {t('Invalid')}: <strong>{result.invalid}</strong>
              </div>
              {result.report && (
                <Link href={result.report} download size="sm" data-testid="lead-upload-report">
                  {t('Download error report')}
                </Link>
              )}
            </div>
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="flat" onPress={close} isDisabled={form.processing}>
            {t(result ? 'Close' : 'Cancel')}
          </Button>
          <Button
            color="primary"
            onPress={submit}
            isLoading={form.processing}
            data-testid="lead-upload-submit"
          >
            {t('Upload')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
