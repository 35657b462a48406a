import { Button } from '@heroui/react'
import { staffLayout } from '~/layouts/staff_layout'
import { useRowAction } from '~/hooks/use_row_action'
import {
  StaffWithdrawalsTable,
  type StaffWithdrawalRow,
} from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { route } from '~/lib/routes'

/**
 * Pending Withdraws (admin spec §2): Approve and Decline on each row, each
 * behind the confirmation dialog; Decline asks for the reason the customer
 * will read. The list refreshes after every decision.
 */
export default function PendingWithdraws() {
  const { t } = useTranslation()
  const list = useServerList<StaffWithdrawalRow>(route('admin.withdraws.api.pending'), {
    searchable: false,
  })
  const decisions = useRowAction<StaffWithdrawalRow, 'approve' | 'decline'>(
    {
      approve: {
        title: 'Approve Withdraw',
        message: 'Are you sure to approve this withdraw?',
        confirmLabel: 'Approve',
        confirmColor: 'success',
        request: (row) => ({
          method: 'POST',
          url: route('admin.withdraws.approve', { id: row.id }),
        }),
      },
      decline: {
        title: 'Decline Withdraw',
        message: 'Are you sure to decline this withdraw?',
        confirmLabel: 'Decline',
        confirmColor: 'danger',
        reasonLabel: 'Decline Reason',
        request: (row, reason) => ({
          method: 'POST',
          url: route('admin.withdraws.decline', { id: row.id }),
          body: { declineReason: reason },
        }),
      },
    },
    { onDone: list.reload, testId: 'withdraw-confirm' }
  )

  return (
    <>
      <StaffWithdrawalsTable
        label="Pending Withdraws"
        list={list}
        testId="pending-withdraws"
        actions={(row) => (
          <div className="flex gap-2">
            <Button
              size="sm"
              color="success"
              variant="flat"
              onPress={() => decisions.ask(row, 'approve')}
              data-testid={`approve-${row.id}`}
            >
              {t('Approve')}
            </Button>
            <Button
              size="sm"
              color="danger"
              variant="flat"
              onPress={() => decisions.ask(row, 'decline')}
              data-testid={`decline-${row.id}`}
            >
              {t('Decline')}
            </Button>
          </div>
        )}
      />
      {decisions.dialog}
    </>
  )
}

PendingWithdraws.layout = staffLayout
