import { test } from '@japa/runner'
import { staffListRoutes } from '#domain/staff_list'
import { SALES_STATUS_LIST } from '#domain/staff_lists/sales_statuses'
import { staffScreen } from '#domain/staff_screens'

test.group('staff lists declared as data (issue 26 item 1)', () => {
  test("a list's API routes come from its screen's path and name", ({ assert }) => {
    const screen = staffScreen(SALES_STATUS_LIST.screen)
    assert.deepEqual(staffListRoutes(screen, SALES_STATUS_LIST.writes), [
      {
        method: 'get',
        path: '/admin/crm-config/sales-statuses/api',
        name: 'admin.crmConfig.salesStatuses.list',
      },
      {
        method: 'post',
        path: '/admin/crm-config/sales-statuses',
        name: 'admin.crmConfig.salesStatuses.store',
      },
      {
        method: 'put',
        path: '/admin/crm-config/sales-statuses/:id',
        name: 'admin.crmConfig.salesStatuses.update',
      },
      {
        method: 'delete',
        path: '/admin/crm-config/sales-statuses/:id',
        name: 'admin.crmConfig.salesStatuses.destroy',
      },
    ])
  })

  test('a read-only list has its list route only', ({ assert }) => {
    const routes = staffListRoutes({ name: 'admin.x', path: '/admin/x' }, [])
    assert.deepEqual(routes, [{ method: 'get', path: '/admin/x/api', name: 'admin.x.list' }])
  })
})
