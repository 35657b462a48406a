import { Button, Select, SelectItem } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type CrmConfigController from '#controllers/staff/crm_config_controller'
import type { TeamRow } from '#transformers/crm_config_transformer'
import { NONE_ID } from '@domain/crm_config'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useRecordEditor } from '~/components/data/record_editor'
import { TextField } from '~/components/form/text_field'
import { SelectField } from '~/components/form/select_field'
import type { ApiForm } from '~/hooks/use_api_form'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Props = InferPageProps<CrmConfigController, 'teamsPage'>
type Person = Props['managers'][number]
type Values = { name: string; userId: string; userIds: { id: string }[] }

const NONE = String(NONE_ID)

/**
 * Teams (CRM spec §2.6, §2.11, §5, §8): NAME, CODE, MANAGER (full name or a
 * dash), ACTIONS; add and edit in the one record modal (name, manager from
 * the role-2 users, member rows from the role-5 and role-6 users, starting
 * with one "none" row), delete behind 'Are you sure to delete this team?'.
 * The code is the server's.
 */
export default function Teams({ managers, agents }: Props) {
  const list = useServerList<TeamRow>(route('admin.crmConfig.teams.list'))
  const editor = useRecordEditor<TeamRow, Values>({
    testId: 'team',
    titles: { add: 'Add Team', edit: 'Edit Team' },
    initial: (row) => ({
      name: row?.name ?? '',
      userId: row ? String(row.userId) : '',
      userIds: row?.members.length
        ? row.members.map((m) => ({ id: String(m.id) }))
        : [{ id: NONE }],
    }),
    rules: (v) => ({
      name: v.name.trim() ? undefined : 'Name is required',
      userId: v.userId && v.userId !== NONE ? undefined : 'Manager is required',
    }),
    fields: (form) => <TeamFields form={form} managers={managers} agents={agents} />,
    body: (v) => ({
      name: v.name.trim(),
      userId: v.userId ? Number(v.userId) : null,
      userIds: v.userIds.map((m) => ({ id: Number(m.id || NONE) })),
    }),
    createUrl: route('admin.crmConfig.teams.store'),
    updateUrl: (row) => route('admin.crmConfig.teams.update', { id: row.id }),
    remove: {
      url: (row) => route('admin.crmConfig.teams.destroy', { id: row.id }),
      message: 'Are you sure to delete this team?',
    },
    rowId: (row) => row.id,
    onChanged: list.reload,
  })

  const columns: PagedColumn<TeamRow>[] = [
    { key: 'name', label: 'Name', sortValue: (r) => r.name.toLowerCase() },
    { key: 'code', label: 'Code', sortValue: (r) => r.code },
    {
      key: 'manager',
      label: 'Manager',
      sortValue: (r) => r.manager ?? '',
      render: (r) => r.manager ?? '-',
    },
    { key: 'actions', label: 'Actions', render: (r) => editor.rowButtons(r) },
  ]

  return (
    <>
      <AdminDataTable
        label="Teams"
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        testId="teams"
        actions={editor.addButton}
      />
      {editor.modals}
    </>
  )
}

Teams.layout = staffLayout

function TeamFields(props: { form: ApiForm<Values>; managers: Person[]; agents: Person[] }) {
  const { t } = useTranslation()
  const { form } = props
  const rows = form.values.userIds
  const setRows = (next: { id: string }[]) => form.setValue('userIds', next)
  const label = (p: Person) => `${p.fullName} (${p.email})`
  const listError = form.errorFor('userIds')
  return (
    <>
      <TextField form={form} name="name" label="Name" />
      <SelectField
        form={form}
        name="userId"
        label="Manager"
        placeholder="Choose a manager"
        options={props.managers.map((m) => ({ value: String(m.id), label: label(m) }))}
      />
      <div className="flex flex-col gap-3" data-testid="team-members">
        <span className="text-small">{t('Members')}</span>
        {rows.map((row, index) => {
          const error = form.errorFor(`userIds.${index}.id` as keyof Values)
          return (
            <div key={index} className="flex items-start gap-2">
              <Select
                aria-label={t('Member')}
                placeholder={t('Choose a member')}
                variant="bordered"
                selectedKeys={row.id && row.id !== NONE ? [row.id] : []}
                onSelectionChange={(keys) => {
                  const [first] = Array.from(keys as Set<string>)
                  setRows(rows.map((r, i) => (i === index ? { id: first ?? NONE } : r)))
                }}
                isInvalid={!!error}
                errorMessage={error ? t(error) : undefined}
                data-testid={`team-member-${index}`}
              >
                {props.agents.map((a) => (
                  <SelectItem key={String(a.id)}>{label(a)}</SelectItem>
                ))}
              </Select>
              <Button
                size="sm"
                variant="flat"
                color="danger"
                className="mt-1"
                onPress={() =>
                  setRows(rows.length > 1 ? rows.filter((_, i) => i !== index) : [{ id: NONE }])
                }
              >
                {t('Remove')}
              </Button>
            </div>
          )
        })}
        {listError && <span className="text-tiny text-danger">{t(listError)}</span>}
        <Button
          size="sm"
          variant="flat"
          className="self-start"
          onPress={() => setRows([...rows, { id: NONE }])}
          data-testid="team-member-add"
        >
          {t('Add Member')}
        </Button>
      </div>
    </>
  )
}
