import { staffLayout } from '~/layouts/staff_layout'
import {
  StaffWithdrawalsTable,
  type StaffWithdrawalRow,
} from '~/components/withdrawals/staff_withdrawals_table'
import { useServerList } from '~/hooks/use_server_list'
import { route } from '~/lib/routes'

/** Withdraw History (admin spec §2): every withdrawal, newest first, search disabled. */
export default function WithdrawHistory() {
  const list = useServerList<StaffWithdrawalRow>(route('admin.withdraws.api.history'), {
    searchable: false,
  })
  return (
    <>
      <StaffWithdrawalsTable label="Withdraw History" list={list} testId="withdraw-history" />
    </>
  )
}

WithdrawHistory.layout = staffLayout
