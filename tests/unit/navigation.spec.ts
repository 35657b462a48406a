import { test } from '@japa/runner'
import { menuFor } from '#domain/navigation'
import { ROLE_HOME } from '#domain/roles'
import { pipSize } from '#domain/instruments'

const hrefs = (roleId: 1 | 2 | 3 | 4 | 5 | 6) =>
  menuFor(roleId).flatMap((s) => s.links.map((l) => l.href))

test.group('back-office menu by role (admin specs §2)', () => {
  test('admin sees every section', ({ assert }) => {
    const links = hrefs(1)
    for (const href of [
      '/admin',
      '/admin/trades/all',
      '/admin/settings',
      '/admin/status/server',
      '/admin/kyc',
    ]) {
      assert.include(links, href)
    }
    assert.notInclude(links, '/affiliate')
  })

  test('manager sees trades, deposits and withdrawals but no settings', ({ assert }) => {
    const links = hrefs(2)
    assert.includeMembers(links, [
      '/admin/trades/all',
      '/admin/deposits',
      '/admin/withdraws/pending',
    ])
    assert.notIncludeMembers(links, [
      '/admin',
      '/admin/settings',
      '/admin/gateways',
      '/admin/users',
    ])
  })

  test('affiliate sees leads, API key and promo code only', ({ assert }) => {
    assert.sameMembers(hrefs(4), ['/affiliate', '/affiliate/api', '/admin/promo-code'])
  })

  test('agents see their own desks and promo code', ({ assert }) => {
    assert.sameMembers(hrefs(5), [
      '/admin/crm/sales/all',
      '/admin/crm/sales/manual',
      '/admin/crm/sales/live',
      '/admin/promo-code',
    ])
    assert.sameMembers(hrefs(6), ['/admin/crm/retention', '/admin/promo-code'])
  })

  test('links to pages that do not exist are left out, and sections left empty with them', ({
    assert,
  }) => {
    const built = new Set(['/admin/deposits', '/admin/withdraws/pending'])
    const menu = menuFor(2, (href) => built.has(href))
    assert.deepEqual(
      menu.map((s) => [s.label, s.links.map((l) => l.href)]),
      [['Transactions', ['/admin/deposits', '/admin/withdraws/pending']]]
    )
  })

  test('customers have no back-office menu and no role button', ({ assert }) => {
    assert.lengthOf(menuFor(3), 0)
    assert.isUndefined(ROLE_HOME[3])
  })

  test('footer role buttons lead where the spec says', ({ assert }) => {
    assert.deepEqual(ROLE_HOME[2], { href: '/admin/trades/all', label: 'Manager' })
    assert.equal(ROLE_HOME[5]!.href, '/admin/crm/sales/all')
    assert.equal(ROLE_HOME[6]!.href, '/admin/crm/retention')
  })
})

test.group('pip size (customer spec §9)', () => {
  test('0.01 for JPY quotes, otherwise 0.0001', ({ assert }) => {
    assert.equal(pipSize('JPY'), '0.01')
    assert.equal(pipSize('jpy'), '0.01')
    assert.equal(pipSize('USD'), '0.0001')
  })
})
