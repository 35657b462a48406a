import { useState } from 'react'
import { Button, Input, Select, SelectItem } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type AuditLogsController from '#controllers/staff/audit_logs_controller'
import type { AuditLogRow } from '#transformers/audit_log_transformer'
import {
  AUDIT_ACTION_VALUES,
  AUDIT_ACTIONS,
  AUDIT_TARGET_VALUES,
  AUDIT_TARGETS,
} from '@domain/audit_actions'
import { staffLayout } from '~/layouts/staff_layout'
import { AdminDataTable } from '~/components/data/admin_data_table'
import type { PagedColumn } from '~/components/data/paged_table'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

type Filters = { staffId: string; action: string; targetType: string; targetId: string }
const NO_FILTERS: Filters = { staffId: '', action: '', targetType: '', targetId: '' }

/**
 * Audit Log (issue 11 item 8, beyond the specs; role 1): every staff write,
 * newest first, in the generic data table — time, staff member, role,
 * address, action, target and each changed field as "before → after"
 * (secrets show only as [redacted]). Filters by staff member, action, target
 * type and target id live in the URL. Read-only.
 */
export default function AuditLog({ staffMembers }: InferPageProps<AuditLogsController, 'index'>) {
  const { t } = useTranslation()
  const list = useServerList<AuditLogRow, Filters>(route('admin.audit.list'), {
    searchable: false,
    filters: NO_FILTERS,
    // Sorted by the server: oldest first, or by action, across every page.
    sort: { column: 'id', direction: 'descending' },
  })
  const [targetId, setTargetId] = useState(list.filters.targetId)
  const [targetError, setTargetError] = useState<string | undefined>()

  const choose = (key: keyof Filters) => (keys: 'all' | Set<React.Key>) =>
    list.setFilters({ [key]: keys === 'all' ? '' : String([...keys][0] ?? '') })

  async function applyTargetId(value = targetId) {
    const errors = await list.applyFilters({ targetId: value.trim() })
    setTargetError(errors?.targetId)
  }

  function filterByTarget(row: AuditLogRow) {
    setTargetId(row.target.id ?? '')
    setTargetError(undefined)
    list.setFilters({ targetType: row.target.type, targetId: row.target.id ?? '' })
  }

  const filtered = Object.values(list.filters).some(Boolean)
  const filters = (
    <>
      <Select
        size="sm"
        className="w-56"
        aria-label={t('Staff Member')}
        placeholder={t('All staff')}
        selectedKeys={list.filters.staffId ? [list.filters.staffId] : []}
        onSelectionChange={choose('staffId')}
        data-testid="audit-filter-staff"
      >
        {staffMembers.map((m) => (
          <SelectItem key={String(m.id)} textValue={`${m.name} (${m.email})`}>
            {m.name} ({m.email})
          </SelectItem>
        ))}
      </Select>
      <Select
        size="sm"
        className="w-56"
        aria-label={t('Action')}
        placeholder={t('All actions')}
        selectedKeys={list.filters.action ? [list.filters.action] : []}
        onSelectionChange={choose('action')}
        data-testid="audit-filter-action"
      >
        {AUDIT_ACTION_VALUES.map((action) => (
          <SelectItem key={action}>{t(AUDIT_ACTIONS[action])}</SelectItem>
        ))}
      </Select>
      <Select
        size="sm"
        className="w-44"
        aria-label={t('Target')}
        placeholder={t('All targets')}
        selectedKeys={list.filters.targetType ? [list.filters.targetType] : []}
        onSelectionChange={choose('targetType')}
        data-testid="audit-filter-target-type"
      >
        {AUDIT_TARGET_VALUES.map((type) => (
          <SelectItem key={type}>{t(AUDIT_TARGETS[type])}</SelectItem>
        ))}
      </Select>
      <Input
        size="sm"
        className="w-40"
        aria-label={t('Target ID')}
        placeholder={t('Target ID')}
        value={targetId}
        onValueChange={setTargetId}
        onKeyDown={(e) => e.key === 'Enter' && applyTargetId()}
        onBlur={() => targetId.trim() !== list.filters.targetId && applyTargetId()}
        isInvalid={!!targetError}
        errorMessage={targetError && t(targetError)}
        data-testid="audit-filter-target-id"
      />
      {filtered && (
        <Button
          size="sm"
          variant="flat"
          onPress={() => {
            setTargetId('')
            setTargetError(undefined)
            list.setFilters(NO_FILTERS)
          }}
          data-testid="audit-filter-clear"
        >
          {t('Clear filters')}
        </Button>
      )}
    </>
  )

  const columns: PagedColumn<AuditLogRow>[] = [
    { key: 'id', label: 'ID', serverSort: 'id' },
    { key: 'createdAt', label: 'Time' },
    {
      key: 'staff',
      label: 'Staff Member',
      render: (r) => (
        <div className="flex flex-col">
          <span>{r.staff.name}</span>
          <span className="text-tiny text-default-500">{r.staff.email}</span>
        </div>
      ),
    },
    { key: 'role', label: 'Role', render: (r) => t(r.role) },
    { key: 'ip', label: 'IP', render: (r) => r.ip ?? '-' },
    { key: 'action', label: 'Action', serverSort: 'action', render: (r) => t(r.actionLabel) },
    {
      key: 'target',
      label: 'Target',
      render: (r) => (
        <button
          type="button"
          className="text-primary hover:underline"
          onClick={() => filterByTarget(r)}
        >
          {t(r.target.label)} {r.target.translateName ? t(r.target.name) : r.target.name}
        </button>
      ),
    },
    {
      key: 'changes',
      label: 'Changes',
      render: (r) =>
        r.changes.length === 0 ? (
          '-'
        ) : (
          // Long values wrap inside the cell rather than widen the table.
          <ul className="flex min-w-56 max-w-md flex-col gap-0.5 whitespace-normal break-words">
            {r.changes.map((c) => (
              <li key={c.field}>
                <span className="font-medium">{t(c.label)}:</span>{' '}
                {c.translate ? t(c.before) : c.before} → {c.translate ? t(c.after) : c.after}
              </li>
            ))}
          </ul>
        ),
    },
  ]

  return (
    <AdminDataTable
      label="Audit Log"
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      filters={filters}
      testId="audit-log"
    />
  )
}

AuditLog.layout = staffLayout
