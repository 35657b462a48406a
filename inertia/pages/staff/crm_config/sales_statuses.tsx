import { SALES_STATUS_LIST } from '@domain/staff_lists/sales_statuses'
import { declaredListPage } from '~/components/data/declared_list_page'

/** Sales Statuses (CRM spec §2.5, §2.11, §5, §8), built from its declaration. */
export default declaredListPage(SALES_STATUS_LIST)
