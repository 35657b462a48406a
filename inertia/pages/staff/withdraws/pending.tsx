import { staffLayout } from '~/layouts/staff_layout'
import { DecisionButtons } from '~/components/data/decision_buttons'
import { useRowAction } from '~/hooks/use_row_action'
import {
  StaffWithdrawalsTable,
  type StaffWithdrawalRow,
} from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'
import { route } from '~/lib/routes'

/**
 * Pending Withdraws (admin spec §2): Approve and Decline on each row, each
 * behind the confirmation dialog; Decline asks for the reason the customer
 * will read. The list refreshes after every decision.
 */
export default function PendingWithdraws() {
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
          <DecisionButtons
            id={row.id}
            onApprove={() => decisions.ask(row, 'approve')}
            onDecline={() => decisions.ask(row, 'decline')}
          />
        )}
      />
      {decisions.dialog}
    </>
  )
}

PendingWithdraws.layout = staffLayout
