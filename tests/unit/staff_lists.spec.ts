import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { listRouteName, staffListRoutes, type StaffListDeclaration } from '#domain/staff_list'
import { ROUTES } from '../../inertia/lib/routes.generated.js'
import { SALES_STATUS_LIST } from '#domain/staff_lists/sales_statuses'
import { staffScreen } from '#domain/staff_screens'

test.group('staff lists declared as data (issue 26 item 1)', () => {
  test("a list's API routes come from its screen's path and name", ({ assert }) => {
    const screen = staffScreen(SALES_STATUS_LIST.screen)
    assert.deepEqual(staffListRoutes(screen, SALES_STATUS_LIST.writes), [
      {
        kind: 'list',
        method: 'get',
        path: '/admin/crm-config/sales-statuses/api',
        name: 'admin.crmConfig.salesStatuses.list',
      },
      {
        kind: 'store',
        method: 'post',
        path: '/admin/crm-config/sales-statuses',
        name: 'admin.crmConfig.salesStatuses.store',
      },
      {
        kind: 'update',
        method: 'put',
        path: '/admin/crm-config/sales-statuses/:id',
        name: 'admin.crmConfig.salesStatuses.update',
      },
      {
        kind: 'destroy',
        method: 'delete',
        path: '/admin/crm-config/sales-statuses/:id',
        name: 'admin.crmConfig.salesStatuses.destroy',
      },
    ])
  })

  test('a read-only list has its list route only', ({ assert }) => {
    const routes = staffListRoutes({ name: 'admin.x', path: '/admin/x' }, [])
    assert.deepEqual(routes, [
      { kind: 'list', method: 'get', path: '/admin/x/api', name: 'admin.x.list' },
    ])
  })

  test('every declared list names routes the server registers (a declared name is not type-checked)', async ({
    assert,
  }) => {
    const folder = new URL('../../app/domain/staff_lists/', import.meta.url)
    const files = (await readdir(folder)).filter((file) => file.endsWith('.ts'))
    assert.isAbove(files.length, 2)
    const known = new Set(Object.keys(ROUTES))
    let checked = 0
    for (const file of files) {
      const exported: Record<string, unknown> = await import(new URL(file, folder).href)
      const lists = Object.values(exported).filter(
        (value): value is StaffListDeclaration<{ id: number }> =>
          typeof value === 'object' && value !== null && 'screen' in value && 'columns' in value
      )
      assert.isAbove(lists.length, 0, `${file} declares no list`)
      for (const list of lists) {
        assert.isTrue(known.has(list.screen), `${file}: screen ${list.screen}`)
        for (const kind of ['list', ...list.writes] as const) {
          const name = listRouteName(list, kind)
          assert.isTrue(known.has(name), `${file}: ${kind} route ${name}`)
          checked++
        }
      }
    }
    assert.isAbove(checked, 8)
  })
})
