/*
| Issue 9, finding 2, for Server-Sent Events: a session ended by logout, a
| password change, a reset or an admin is dead in its open streams too, not
| only on its next request. The events stream is a real socket; its session
| subscribes with real cookies on the database store.
*/
import { test } from '@japa/runner'
import net from 'node:net'
import { randomUUID } from 'node:crypto'
import transmit from '@adonisjs/transmit/services/main'
import hash from '@adonisjs/core/services/hash'
import env from '#start/env'
import User from '#models/user'
import liveStreams from '#services/live_streams'
import { endSessionsOf } from '#services/session_stamp'
import { trackChannel, userChannel } from '#domain/channels'
import Lead from '#models/lead'
import Team from '#models/team'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { BrowserSession, signedInBrowser } from '#tests/helpers/browser_session'
import { useSessionStore } from '#tests/helpers/session_store'
import { DEMO, DEMO_PASSWORD, demoUser } from '#tests/helpers/users'

const HOST = env.get('HOST')
const PORT = env.get('PORT')

async function until(check: () => boolean, what: string, timeout = 3000) {
  const deadline = Date.now() + timeout
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const streamOpen = (uid: string) =>
  [...transmit.getManager().getAllSubscribers().keys()].some((stream) => stream.getUid() === uid)

/** A tab of a signed-in browser: its events stream, subscribed to the user's own channel (or `channel`). */
async function tabOf(browser: BrowserSession, userId: number, channel = userChannel(userId)) {
  const uid = randomUUID()
  const socket = net.connect({ host: HOST, port: PORT })
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(`GET /__transmit/events?uid=${uid} HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\n\r\n`)
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString()))
  await until(() => received.includes(':ok'), 'the stream')
  const before = liveStreams.size
  const subscribed = await browser.post('/__transmit/subscribe', { uid, channel })
  if (subscribed.status !== 204)
    throw new Error(`subscribe: ${subscribed.status} ${subscribed.text}`)
  await until(() => liveStreams.size === before + 1, 'the watched subscription')
  return { uid, socket, received: () => received }
}

test.group('Security · live streams end with their session', (group) => {
  isolate(group)
  useSessionStore(group, 'database')

  test('logout closes the tab streams of that session, not those of another device', async ({
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const a = await signedInBrowser(DEMO.customer)
    const b = await signedInBrowser(DEMO.customer)
    const tabA = await tabOf(a, customer.id)
    const tabB = await tabOf(b, customer.id)
    cleanup(() => [tabA, tabB].forEach((tab) => tab.socket.destroy()))

    assert.equal((await a.post('/auth/logout')).status, 200)
    await until(() => !streamOpen(tabA.uid), 'the logged-out stream to close')
    assert.isTrue(streamOpen(tabB.uid))

    transmit.broadcast(userChannel(customer.id), { type: 'probe', marker: 'after-logout' })
    await until(() => tabB.received().includes('after-logout'), 'the other device to hear it')
    assert.notInclude(tabA.received(), 'after-logout')
  })

  test('a password change closes the streams of the other devices and keeps its own', async ({
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const a = await signedInBrowser(DEMO.customer)
    const b = await signedInBrowser(DEMO.customer)
    const tabA = await tabOf(a, customer.id)
    const tabB = await tabOf(b, customer.id)
    cleanup(() => [tabA, tabB].forEach((tab) => tab.socket.destroy()))

    const change = await a.put('/security/password', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'another-pass-1',
    })
    assert.equal(change.status, 200, change.text)
    await until(() => !streamOpen(tabB.uid), 'the other device stream to close')
    assert.isTrue(streamOpen(tabA.uid))
  })

  test('an admin ending the sessions, or a stale stamp found by the sweep, closes the streams', async ({
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const first = await tabOf(await signedInBrowser(DEMO.customer), customer.id)
    cleanup(() => void first.socket.destroy())
    await endSessionsOf(customer.id)
    await until(() => !streamOpen(first.uid), 'the ended session stream to close')

    const second = await tabOf(await signedInBrowser(DEMO.customer), customer.id)
    cleanup(() => void second.socket.destroy())
    // A password reset in another process: only the stored hash changes here.
    await User.query()
      .where('id', customer.id)
      .update({ password: await hash.make('reset-elsewhere-1') })
    assert.isTrue(streamOpen(second.uid))
    await liveStreams.sweep()
    await until(() => !streamOpen(second.uid), 'the stale stream to close')
  })

  test('a copied cookie of an ended session cannot subscribe again', async ({
    assert,
    cleanup,
  }) => {
    const customer = await demoUser(DEMO.customer)
    const browser = await signedInBrowser(DEMO.customer)
    const tab = await tabOf(browser, customer.id)
    cleanup(() => void tab.socket.destroy())
    const session = browser.cookie('broker-session')!
    const xsrf = browser.cookie('XSRF-TOKEN')!
    await endSessionsOf(customer.id)
    await until(() => !streamOpen(tab.uid), 'the ended session stream to close')

    const again = await fetch(new URL('/__transmit/subscribe', browser.baseUrl), {
      method: 'POST',
      headers: {
        'cookie': `broker-session=${session}; XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
        'content-type': 'application/json',
        'accept': 'application/json',
      },
      body: JSON.stringify({ uid: tab.uid, channel: userChannel(customer.id) }),
    })
    assert.notEqual(again.status, 204)
    assert.isBelow(again.status, 500)
    assert.isFalse(streamOpen(tab.uid))
  })

  test('a tracking subscription ends once its staff member may no longer open the customer; their other channels stay', async ({
    assert,
    cleanup,
  }) => {
    await Team.query().delete()
    const agent = await demoUser(DEMO.agent)
    const sold = await UserFactory.merge({ email: 'moved@track.test' }).create()
    const lead = await Lead.create({
      email: sold.email,
      userId: sold.id,
      group: 'sales',
      source: 'live',
      agentId: agent.id,
    })
    const browser = await signedInBrowser(DEMO.agent)
    const tab = await tabOf(browser, agent.id, trackChannel(sold.id))
    cleanup(() => void tab.socket.destroy())
    const own = await browser.post('/__transmit/subscribe', {
      uid: tab.uid,
      channel: userChannel(agent.id),
    })
    assert.equal(own.status, 204)
    const listening = () =>
      [...transmit.getManager().findByChannel(trackChannel(sold.id))].some(
        (stream) => stream.getUid() === tab.uid
      )

    await liveStreams.sweep()
    assert.isTrue(listening(), 'still their customer: kept')

    lead.agentId = (await UserFactory.merge({ roleId: 5 }).create()).id
    await lead.save()
    await liveStreams.sweep()
    assert.isFalse(listening())
    transmit.broadcast(trackChannel(sold.id), { url: '/after-the-move' })
    transmit.broadcast(userChannel(agent.id), { type: 'probe', marker: 'own-channel' })
    await until(() => tab.received().includes('own-channel'), 'their own channel to be heard')
    assert.notInclude(tab.received(), 'after-the-move')
    assert.isTrue(streamOpen(tab.uid))
  })
})
