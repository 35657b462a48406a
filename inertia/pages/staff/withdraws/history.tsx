import type { InferPageProps } from '@adonisjs/inertia/types'
import type WithdrawalsController from '#controllers/staff/withdrawals_controller'
import { StaffLayout } from '~/layouts/staff_layout'
import { StaffWithdrawalsTable, type StaffWithdrawalRow } from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'

/** Withdraw History (admin spec §2): every withdrawal, newest first, search disabled. */
export default function WithdrawHistory({ title, menu, activePath }: InferPageProps<WithdrawalsController, 'page'>) {
  const list = useServerList<StaffWithdrawalRow>('/admin/withdraws/api/history')
  return (
    <StaffLayout title={title} menu={menu} activePath={activePath}>
      <StaffWithdrawalsTable label="Withdraw History" list={list} testId="withdraw-history" />
    </StaffLayout>
  )
}
