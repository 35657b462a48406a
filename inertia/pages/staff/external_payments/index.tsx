import { EXTERNAL_PAYMENT_LIST } from '@domain/staff_lists/external_payments'
import { declaredListPage } from '~/components/data/declared_list_page'

/** External Payments (admin spec §2 External Payment list), built from its declaration. */
export default declaredListPage(EXTERNAL_PAYMENT_LIST)
