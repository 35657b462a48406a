import { declaredListController } from '#controllers/staff/declared_list_controller'
import { listQueryValidator } from '#validators/lists'
import { restrictedCountryValidator } from '#validators/restricted_countries'
import { restrictedCountryPage } from '#queries/restricted_countries'
import { countryChoices, restrictedCountryRow } from '#transformers/restricted_country_transformer'
import {
  createRestrictedCountry,
  deleteRestrictedCountry,
  updateRestrictedCountry,
} from '#actions/restricted_countries/restricted_countries'
import { COUNTRY_NAMES } from '#services/countries'

/** The form's choices: the shipped list never changes while the process runs. */
const COUNTRY_CHOICES = countryChoices(COUNTRY_NAMES)

/** Restricted Countries (role 1): the page with its country choices, the declared list's API. */
export default declaredListController({
  component: 'staff/restricted_countries/index',
  pageProps: () => ({ countries: COUNTRY_CHOICES }),
  listQuery: listQueryValidator,
  page: restrictedCountryPage,
  write: restrictedCountryValidator,
  create: createRestrictedCountry,
  update: updateRestrictedCountry,
  destroy: deleteRestrictedCountry,
  row: restrictedCountryRow,
  key: 'country',
  messages: {
    created: 'Restricted country added successfully',
    updated: 'Restricted country updated successfully',
    deleted: 'Restricted country removed successfully',
  },
})
