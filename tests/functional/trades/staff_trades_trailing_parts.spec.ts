import { test } from '@japa/runner'
import Order from '#models/order'
import { OrderFactory } from '#database/factories/order_factory'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'

test.group('Trades list API (staff): trailing stop and partial close', (group) => {
  isolate(group)
  group.each.setup(async () => {
    await Order.query().delete()
  })

  test('a trade shows its trailing distance (price units) and a closed part the ticket it came from', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const user = await UserFactory.apply('funded').create()
    const ids = { userId: user.id, balanceId: user.activeBalanceId! }
    const ticket = await OrderFactory.merge({
      ...ids,
      loss: '1.08',
      trailingDistance: '0.0015',
    }).create()
    const part = await OrderFactory.merge({ ...ids, parentOrderId: ticket.id })
      .apply('closed')
      .create()
    const plain = await OrderFactory.merge(ids).create()

    for (const url of ['/admin/trades/api/all', `/admin/trades/api/all/${user.id}`]) {
      const { data } = (await api(client, 'get', url).loginAs(admin)).body()
      const byId = new Map(data.map((r: any) => [r.id, r]))
      assert.containsSubset(byId.get(ticket.id), { trailing: '0.0015', parentOrderId: null }, url)
      assert.containsSubset(byId.get(part.id), { trailing: null, parentOrderId: ticket.id }, url)
      assert.containsSubset(byId.get(plain.id), { trailing: null, parentOrderId: null }, url)
    }
    const open = (await api(client, 'get', '/admin/trades/api/open').loginAs(admin)).body()
    assert.deepEqual(
      open.data.map((r: any) => r.id),
      [plain.id, ticket.id]
    )
  })
})
