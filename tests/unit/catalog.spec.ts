import { test } from '@japa/runner'
import { planInUseMessage, MAX_LEVERAGE, MAX_STOP_OUT } from '#domain/pricing_plans'
import { CATEGORIES, CATEGORY_TITLES, instrumentInUseMessage } from '#domain/instruments'
import { MENU } from '#domain/navigation'
import { STAFF_SCREENS, screenRoles } from '#domain/staff_screens'
import { Roles } from '#domain/roles'
import { planValidator } from '#validators/pricing_plans'
import { instrumentValidator } from '#validators/instruments'

test.group('catalog rules (instruments and pricing plans)', () => {
  test('a plan or an instrument in use is refused with the count', ({ assert }) => {
    assert.isNull(planInUseMessage(0))
    assert.equal(planInUseMessage(1), 'This plan cannot be deleted: 1 customer is subscribed to it')
    assert.equal(
      planInUseMessage(12),
      'This plan cannot be deleted: 12 customers are subscribed to it'
    )
    assert.isNull(instrumentInUseMessage(0, 'delete'))
    assert.equal(
      instrumentInUseMessage(1, 'delete'),
      'This instrument cannot be deleted: 1 position is open on it'
    )
    assert.equal(
      instrumentInUseMessage(3, 'rename'),
      'The name and category of this instrument cannot change: 3 positions are open on it'
    )
  })

  test('the five instrument screens: titled by their type as the menu names them, role 1 only; Pricing Plans likewise', ({
    assert,
  }) => {
    const links = MENU.flatMap((s) => s.links)
    for (const category of CATEGORIES) {
      const path = `/admin/instruments/${category}`
      const screen = STAFF_SCREENS.find((s) => s.path === path)
      assert.equal(screen?.title, CATEGORY_TITLES[category])
      assert.equal(links.find((l) => l.href === path)?.label, CATEGORY_TITLES[category])
      assert.deepEqual(screenRoles(path), [Roles.ADMIN])
    }
    assert.equal(STAFF_SCREENS.find((s) => s.path === '/admin/pricing')?.title, 'Pricing Plans')
    assert.deepEqual(screenRoles('/admin/pricing'), [Roles.ADMIN])
  })

  test('plan leverages are whole numbers 1 to MAX_LEVERAGE, stop-outs above 0 up to 100 %, all nullable', async ({
    assert,
  }) => {
    const ok = await planValidator.validate({
      name: 'P',
      forexLeverage: '50',
      cryptoLeverage: MAX_LEVERAGE,
      stockStopout: String(MAX_STOP_OUT),
      indexStopout: null,
    })
    assert.equal(ok.forexLeverage, 50)
    assert.equal(ok.cryptoLeverage, MAX_LEVERAGE)
    assert.isNull(ok.indexStopout)
    for (const bad of [0, -1, '1.0', '1e2', ' 5', MAX_LEVERAGE + 1, [5], true]) {
      await assert.rejects(() => planValidator.validate({ name: 'P', forexLeverage: bad }))
    }
    for (const bad of ['0', '0.00', '100.01', '-1', '1e1', 'abc']) {
      await assert.rejects(() => planValidator.validate({ name: 'P', forexStopout: bad }))
    }
  })

  test('instrument fields: names and codes in capitals, leverage 0 allowed, swap either sign', async ({
    assert,
  }) => {
    const ok = await instrumentValidator.validate({
      name: 'brk.b',
      base: 'brk.b',
      quote: 'usd',
      category: 'stock',
      tradingview: 'nyse',
      leverage: 0,
      tradable: false,
      swap: '-2.5',
    })
    assert.containsSubset(ok, {
      name: 'BRK.B',
      base: 'BRK.B',
      quote: 'USD',
      tradingview: 'NYSE',
      leverage: 0,
      tradable: false,
      swap: '-2.5',
    })
    await assert.rejects(() => instrumentValidator.validate({ ...ok, tradable: 'true' }))
    await assert.rejects(() => instrumentValidator.validate({ ...ok, swap: '-100.5' }))
  })
})
