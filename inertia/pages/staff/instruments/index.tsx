import { INSTRUMENT_LIST } from '@domain/staff_lists/instruments'
import { declaredListPage } from '~/components/data/declared_list_page'

/** Instruments (admin spec §2 Instruments list): the five screens, built from their declaration. */
export default declaredListPage(INSTRUMENT_LIST)
