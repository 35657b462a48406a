import { RESTRICTED_COUNTRY_LIST } from '@domain/staff_lists/restricted_countries'
import { declaredListPage } from '~/components/data/declared_list_page'

/** Restricted Countries, built from its declaration; the country choices are the page's props. */
export default declaredListPage(RESTRICTED_COUNTRY_LIST)
