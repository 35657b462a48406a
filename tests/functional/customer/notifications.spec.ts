import { test } from '@japa/runner'
import Notification from '#models/notification'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

test.group('GET /notifications', (group) => {
  isolate(group)

  test('lists only the user’s own notifications, newest first', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const newcomer = await UserFactory.create()
    // An older notification of the customer's own, as the seed gives the demo customer.
    await Notification.create({
      userId: customer.id,
      title: 'Welcome to Broker',
      description: 'Your account is verified and your real wallet is funded.',
      url: '/dashboard',
    })
    await Notification.create({
      userId: customer.id,
      title: 'Deposit approved',
      description: '100 USD',
      url: '/deposits',
    })
    await Notification.create({
      userId: newcomer.id,
      title: 'Not yours',
      description: null,
      url: null,
    })
    await Notification.create({
      userId: customer.id,
      title: 'KYC approved',
      description: null,
      url: null,
    })

    const response = await api(client, 'get', '/notifications').loginAs(customer)
    response.assertStatus(200)
    const data = response.body().data as {
      id: number
      title: string
      description: string | null
      url: string | null
      createdAt: string
    }[]
    assert.deepEqual(
      data.map((n) => n.title),
      ['KYC approved', 'Deposit approved', 'Welcome to Broker']
    )
    assert.notInclude(
      data.map((n) => n.title),
      'Not yours'
    )
    assert.containsSubset(data[1], {
      title: 'Deposit approved',
      description: '100 USD',
      url: '/deposits',
    })
    assert.isString(data[0].createdAt)
    assert.sameMembers(Object.keys(data[0]), ['id', 'title', 'description', 'url', 'createdAt'])
  })

  test('a user with none gets an empty list', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await api(client, 'get', '/notifications').loginAs(newcomer)
    response.assertStatus(200)
    response.assertBody({ data: [] })
  })

  test('shows at most the 20 most recent', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    for (let i = 1; i <= 25; i++) {
      await Notification.create({ userId: newcomer.id, title: `n${i}` })
    }
    const data = (await api(client, 'get', '/notifications').loginAs(newcomer)).body().data
    assert.lengthOf(data, 20)
    assert.equal(data[0].title, 'n25')
    assert.equal(data[19].title, 'n6')
  })
})
