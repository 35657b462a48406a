import { useState } from 'react'
import { Button } from '@heroui/react'
import { staffLayout } from '~/layouts/staff_layout'
import { ConfirmDialog } from '~/components/common/confirm_dialog'
import { StaffWithdrawalsTable, type StaffWithdrawalRow } from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'
import { useTranslation } from '~/hooks/use_translation'
import { api, SOMETHING_WENT_WRONG } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'

type Decision = { row: StaffWithdrawalRow; action: 'approve' | 'decline' }

/**
 * Pending Withdraws (admin spec §2): Approve and Decline on each row, each
 * behind the confirmation dialog; Decline asks for the reason the customer
 * will read. The list refreshes after every decision.
 */
export default function PendingWithdraws() {
  const { t } = useTranslation()
  const list = useServerList<StaffWithdrawalRow>('/admin/withdraws/api/pending', { searchable: false })
  const [decision, setDecision] = useState<Decision | null>(null)

  async function decide(reason: string) {
    if (!decision) return
    const { row, action } = decision
    try {
      const data = await api<{ message: string }>(
        'POST',
        `/admin/withdraws/${row.id}/${action}`,
        action === 'decline' ? { declineReason: reason } : undefined
      )
      toastSuccess(data.message)
    } catch {
      // Admin spec §8: approve and decline failures toast 'Something went wrong'.
      toastError(SOMETHING_WENT_WRONG)
    } finally {
      list.reload()
    }
  }

  return (
    <>
      <StaffWithdrawalsTable
        label="Pending Withdraws"
        list={list}
        testId="pending-withdraws"
        actions={(row) => (
          <div className="flex gap-2">
            <Button size="sm" color="success" variant="flat" onPress={() => setDecision({ row, action: 'approve' })} data-testid={`approve-${row.id}`}>
              {t('Approve')}
            </Button>
            <Button size="sm" color="danger" variant="flat" onPress={() => setDecision({ row, action: 'decline' })} data-testid={`decline-${row.id}`}>
              {t('Decline')}
            </Button>
          </div>
        )}
      />
      <ConfirmDialog
        isOpen={decision !== null}
        title={decision?.action === 'decline' ? 'Decline Withdraw' : 'Approve Withdraw'}
        message={decision?.action === 'decline' ? 'Are you sure to decline this withdraw?' : 'Are you sure to approve this withdraw?'}
        confirmLabel={decision?.action === 'decline' ? 'Decline' : 'Approve'}
        confirmColor={decision?.action === 'decline' ? 'danger' : 'success'}
        reasonLabel={decision?.action === 'decline' ? 'Decline Reason' : undefined}
        onConfirm={decide}
        onClose={() => setDecision(null)}
        testId="withdraw-confirm"
      />
    </>
  )
}

PendingWithdraws.layout = staffLayout
