import { declaredListController } from '#controllers/staff/declared_list_controller'
import { salesStatusValidator, statusListValidator } from '#validators/crm_config'
import { salesStatusPage } from '#queries/crm_config'
import { salesStatusRow } from '#transformers/crm_config_transformer'
import {
  createSalesStatus,
  deleteSalesStatus,
  updateSalesStatus,
} from '#actions/crm_config/sales_statuses'

/** Sales Statuses (CRM spec §2.5, §2.11, §7): its page, the declared list's query, validator, actions and row. */
export default declaredListController({
  component: 'staff/crm_config/sales_statuses',
  listQuery: statusListValidator,
  page: salesStatusPage,
  write: salesStatusValidator,
  create: createSalesStatus,
  update: updateSalesStatus,
  destroy: deleteSalesStatus,
  row: salesStatusRow,
  key: 'status',
  messages: {
    created: 'Sales status added successfully',
    updated: 'Sales status updated successfully',
    deleted: 'Sales Status deleted successfully',
  },
})
