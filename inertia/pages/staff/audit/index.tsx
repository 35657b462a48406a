import { AUDIT_LOG_LIST, type AuditLogListRow } from '@domain/staff_lists/audit_log'
import { declaredListPage } from '~/components/data/declared_list_page'
import { useTranslation } from '~/hooks/use_translation'

/** Who: the staff member's name over their e-mail. */
function StaffCell({ row }: { row: AuditLogListRow }) {
  return (
    <div className="flex flex-col">
      <span>{row.staff.name}</span>
      <span className="text-tiny text-default-500">{row.staff.email}</span>
    </div>
  )
}

/** The target in words; pressed, the list shows only what happened to it. */
function TargetCell({ row, onPress }: { row: AuditLogListRow; onPress: () => void }) {
  const { t } = useTranslation()
  const { target } = row
  return (
    <button type="button" className="text-primary hover:underline" onClick={onPress}>
      {t(target.label)} {target.translateName ? t(target.name) : target.name}
    </button>
  )
}

/** Each changed field as "label: before → after"; long values wrap inside the cell rather than widen the table. */
function ChangesCell({ row }: { row: AuditLogListRow }) {
  const { t } = useTranslation()
  if (row.changes.length === 0) return <>-</>
  return (
    <ul className="flex min-w-56 max-w-md flex-col gap-0.5 whitespace-normal break-words">
      {row.changes.map((c) => (
        <li key={c.field}>
          <span className="font-medium">{t(c.label)}:</span> {c.translate ? t(c.before) : c.before}{' '}
          → {c.translate ? t(c.after) : c.after}
        </li>
      ))}
    </ul>
  )
}

/** Audit Log (issue 11 item 8, beyond the specs; role 1): the declared list (#domain/staff_lists/audit_log) and its three drawn cells. */
export default declaredListPage(AUDIT_LOG_LIST, {
  cells: {
    staff: (row) => <StaffCell row={row} />,
    target: (row, { setFilters }) => (
      <TargetCell
        row={row}
        onPress={() => setFilters({ targetType: row.target.type, targetId: row.target.id ?? '' })}
      />
    ),
    changes: (row) => <ChangesCell row={row} />,
  },
})
