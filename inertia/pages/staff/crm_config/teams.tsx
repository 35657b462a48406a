import { TEAM_LIST } from '@domain/staff_lists/teams'
import { declaredListPage } from '~/components/data/declared_list_page'

/** Teams (CRM spec §2.6, §2.11, §5, §8), built from its declaration; the choices are the page's props. */
export default declaredListPage(TEAM_LIST)
