import { PRICING_PLAN_LIST } from '@domain/staff_lists/pricing_plans'
import { declaredListPage } from '~/components/data/declared_list_page'

/** Pricing Plans (admin spec §2 Pricing Plans, §3, §8), built from its declaration. */
export default declaredListPage(PRICING_PLAN_LIST)
