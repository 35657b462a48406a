import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import changeBus, {
  ChangeBus,
  CHANGE_CHANNEL,
  type ChangeNews,
  type ChangeRelay,
} from '#services/change_bus'
import translationCache from '#services/translation_cache'
import Translation from '#models/translation'
import { isolate } from '#tests/helpers/isolation'
import { api } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'

/** An in-memory stand-in for Redis pub/sub: every subscriber hears every message. */
function fakeRedis() {
  const handlers = new Map<object, (message: string) => void>()
  return (owner: object): ChangeRelay => ({
    publish(channel, message) {
      if (channel === CHANGE_CHANNEL) for (const handler of handlers.values()) handler(message)
    },
    subscribe(_channel, handler) {
      handlers.set(owner, handler)
    },
    unsubscribe() {
      handlers.delete(owner)
    },
  })
}

/**
 * This process (the app under test, its change bus relayed) and "another
 * web process" (a second bus on the same fake Redis), for the group's tests.
 */
function withAnotherProcess(group: Parameters<typeof isolate>[0]) {
  const processes: { other: ChangeBus } = { other: new ChangeBus() }
  group.each.setup(() => {
    const relay = fakeRedis()
    processes.other = new ChangeBus()
    const leaveHere = changeBus.relayThrough(relay(changeBus))
    const leaveOther = processes.other.relayThrough(relay(processes.other))
    return async () => {
      await leaveOther()
      await leaveHere()
    }
  })
  return processes
}

/** Catches what the app broadcasts to browsers during a test. */
function captureBroadcasts(group: Parameters<typeof isolate>[0]) {
  const frames: { channel: string; payload: unknown }[] = []
  group.each.setup(() => {
    frames.length = 0
    const original = transmit.broadcast
    transmit.broadcast = ((channel: string, payload: unknown) => {
      frames.push({ channel, payload })
    }) as typeof transmit.broadcast
    return () => {
      transmit.broadcast = original
    }
  })
  return frames
}

const spanishLogin = async (client: Parameters<typeof api>[0]) =>
  (await api(client, 'get', '/translations/es')).body()['Login']

test.group('Translation cache across processes', (group) => {
  isolate(group)
  const processes = withAnotherProcess(group)
  const frames = captureBroadcasts(group)

  test('each process keeps a dictionary; a change announced in another process drops it', async ({
    client,
    assert,
  }) => {
    assert.equal(await spanishLogin(client), 'Iniciar sesión')
    assert.equal(translationCache.size, 1)
    // Written behind the app's back (as another process would): this process still serves its copy.
    await db
      .from('translations')
      .where('code', 'es')
      .where('key', 'Login')
      .update({ value: 'Entrar' })
    assert.equal(await spanishLogin(client), 'Iniciar sesión')

    processes.other.announce('translations', 'es')
    assert.equal(translationCache.size, 0)
    assert.equal(await spanishLogin(client), 'Entrar')
  })

  test('a staff edit is served at once, heard by the other processes and told to open pages', async ({
    client,
    assert,
  }) => {
    const heard: ChangeNews[] = []
    processes.other.on('translations', (news) => heard.push(news))
    assert.equal(await spanishLogin(client), 'Iniciar sesión')
    const row = await Translation.query().where('code', 'es').where('key', 'Login').firstOrFail()
    const response = await api(client, 'put', `/admin/languages/translations/${row.id}`, {
      code: 'es',
      key: 'Login',
      value: 'Entrar',
    }).loginAs(await UserFactory.apply('admin').create())
    response.assertStatus(200)

    assert.equal(await spanishLogin(client), 'Entrar')
    assert.deepEqual(heard, [{ topic: 'translations', detail: 'es' }])
    assert.deepEqual(frames, [{ channel: 'prices', payload: { type: 'translations', code: 'es' } }])
  })

  test('adds, deletes and list changes reach the dictionaries too', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const added = await api(client, 'post', '/admin/languages/translations', {
      code: 'es',
      key: 'Fresh text',
      value: 'Texto fresco',
    }).loginAs(admin)
    added.assertStatus(201)
    assert.equal(
      (await api(client, 'get', '/translations/es')).body()['Fresh text'],
      'Texto fresco'
    )
    ;(
      await api(
        client,
        'delete',
        `/admin/languages/translations/${added.body().translation.id}`
      ).loginAs(admin)
    ).assertStatus(200)
    assert.notProperty((await api(client, 'get', '/translations/es')).body(), 'Fresh text')

    // A language added is offered at once; removed (confirmed), its dictionary is gone at once.
    ;(await api(client, 'get', '/translations/de')).assertStatus(404)
    const list = [
      { name: 'English', code: 'en' },
      { name: 'Español', code: 'es' },
      { name: 'Deutsch', code: 'de' },
    ]
    ;(
      await api(client, 'post', '/admin/languages', { lotSelector: list }).loginAs(admin)
    ).assertStatus(200)
    ;(await api(client, 'get', '/translations/de')).assertStatus(200)
    ;(
      await api(client, 'post', '/admin/languages', {
        lotSelector: list.slice(0, 1).concat(list.slice(2)),
        confirm: true,
      }).loginAs(admin)
    ).assertStatus(200)
    ;(await api(client, 'get', '/translations/es')).assertStatus(404)
    assert.deepInclude(frames, { channel: 'prices', payload: { type: 'translations', code: 'es' } })
  })

  test('a blank value is not served: the key still needs its text', async ({ client, assert }) => {
    await Translation.create({ code: 'es', key: 'Blank one', value: '  ' })
    assert.notProperty((await api(client, 'get', '/translations/es')).body(), 'Blank one')
  })
})
