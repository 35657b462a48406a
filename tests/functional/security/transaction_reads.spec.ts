/*
| Reads inside a write's transaction (issue 21 item 1; docs/DECISIONS.md,
| "Reads inside a transaction"). A query a `db.transaction` callback sends on
| the global connection instead of `trx` waits, on SQLite, for the one pooled
| connection the transaction holds: the app stalls until the acquire timeout
| (60 s in production, 2 s in tests: config/database.ts) and answers 500. On
| PostgreSQL it silently reads what was committed before the transaction. The
| transaction guard (tests/helpers/transaction_guard.ts) records such a query
| on both databases; the walk sends every write route once per allowed role
| with every cache cold, so a cached read cannot hide one.
*/
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { deleteUser } from '#actions/staff_users/delete_user'
import settings from '#services/settings_service'
import translationCache, { TranslationCache } from '#services/translation_cache'
import heartbeatStore from '#services/market/heartbeat_store'
import type { RoleId } from '#domain/roles'
import KycDocument from '#models/kyc_document'
import Deposit from '#models/deposit'
import ExternalPayment from '#models/external_payment'
import { CSV_EXAMPLE } from '#domain/lead_intake'
import { isolate } from '#tests/helpers/isolation'
import { forgetFile, forgetFilesOf, removeKycFilesAfterEach, upload } from '#tests/helpers/kyc'
import { pendingDeposit } from '#tests/helpers/deposits'
import {
  forgetPublicFile,
  multipart,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'
import { postSiteSettings, stored } from '#tests/helpers/site_settings'
import { api } from '#tests/helpers/http'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import { UserFactory } from '#database/factories/user_factory'
import { assertNoViolations, takeViolations } from '#tests/helpers/transaction_guard'
import { EXPECTATIONS, NOT_WALKED, registeredRoutes, urlFor } from './route_table.js'
import { WRITE_BASES, jsonText } from './write_bodies.js'

/** Every cache a write may read through: each read goes to the database, inside the request. */
function coldCaches() {
  settings.forget()
  translationCache.forget()
  heartbeatStore.forget()
}

/**
 * Keeps the caches cold for a whole group: a TTL of zero makes every read a
 * database read, so a second read of the same setting inside a transaction
 * (after a first one before it) is seen too.
 */
function noCaching(group: { setup: (fn: () => () => void) => void }) {
  const Settings = settings.constructor as unknown as { TTL_MS: number }
  group.setup(() => {
    const ttls = [Settings.TTL_MS, TranslationCache.TTL_MS]
    Settings.TTL_MS = 0
    TranslationCache.TTL_MS = 0
    return () => {
      ;[Settings.TTL_MS, TranslationCache.TTL_MS] = ttls
    }
  })
}

let seq = 0

test.group('reads inside a write transaction: the stall (no shared transaction)', (group) => {
  // Outside the rolled-back transaction on purpose: SQLite's one pooled connection is the one
  // the app's transaction takes, as in production. The customer is then deleted as an admin
  // deletes one (soft, audited), so no later list counts them.
  group.each.setup(async () => {
    await limiter.clear()
    coldCaches()
  })

  test('a manager adds a customer with the settings cache cold: 201, no stall', async ({
    client,
    assert,
    cleanup,
  }) => {
    const manager = await demoUser(DEMO.manager)
    const email = `cold-cache-${Date.now()}-${++seq}@customers.test`
    coldCaches()
    const response = await api(client, 'post', '/admin/customers', {
      fullName: 'Cora Cold',
      email,
      password: 'a-long-password',
      roleId: 3,
      isEmailVerified: true,
      isActive: true,
      whitelist: null,
    }).loginAs(manager)
    // Before the fix: the settings read waited for the connection the transaction held, and
    // the acquire timeout (2 s here, 60 s in production) ended it with a 500.
    assert.equal(response.status(), 201, response.text().slice(0, 300))
    const user = await User.findByOrFail('email', email)
    cleanup(async () => {
      await deleteUser({ id: user.id, staff: await demoUser(DEMO.admin), ip: null })
    })
    assert.equal(user.roleId, 3)
    assertNoViolations('POST /admin/customers as a manager')
  })
})

/** The write routes the router holds (Transmit's own are not the app's). */
const WRITE_KEYS = Object.keys(EXPECTATIONS).filter((key) => !key.startsWith('GET '))

/** Who sends a route in the walk: every role it allows (the base request's account for its role), or a visitor. */
async function walkersOf(key: string): Promise<(User | null)[]> {
  const expectation = EXPECTATIONS[key]
  const base = WRITE_BASES[key]
  if (!Array.isArray(expectation.access)) return [base?.as ? await demoUser(base.as) : null]
  const preferred = base?.as ? await demoUser(base.as) : null
  return Promise.all(
    expectation.access.map((roleId: RoleId) =>
      preferred?.roleId === roleId ? preferred : userOfRole(roleId)
    )
  )
}

async function send(client: ApiClient, key: string, user: User | null) {
  const [method, pattern] = key.split(' ')
  const expectation = EXPECTATIONS[key]
  const base = WRITE_BASES[key] ?? { body: () => ({}) }
  let url: string
  if (base.url) url = await base.url()
  else if (user && 'paramsFor' in expectation && expectation.paramsFor)
    url = await urlFor(pattern, await expectation.paramsFor(user))
  else if ('params' in expectation && expectation.params)
    url = await urlFor(pattern, await expectation.params())
  else url = await urlFor(pattern)
  const headers = (await base.headers?.()) ?? {}
  const body = await base.body()
  let req = client
    .request(url, method as any)
    .header('Accept', 'application/json')
    .redirects(0)
    .withCsrfToken()
    .unsafeJson(jsonText(body))
    .type('application/json')
  for (const [name, value] of Object.entries(headers)) req = req.header(name, value)
  if (user) req = req.loginAs(user)
  const withSession = 'session' in expectation ? expectation.session : undefined
  if (user && withSession) req = req.withSession(await withSession(user))
  coldCaches()
  takeViolations()
  const response = await req
  return { response, base }
}

test.group('reads inside a write transaction: every write route, caches cold', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)
  noCaching(group)

  test('the walk covers every write route of the router', ({ assert }) => {
    const routerWrites = registeredRoutes().filter(
      (key) => !key.startsWith('GET ') && !NOT_WALKED.includes(key)
    )
    assert.sameMembers(WRITE_KEYS, routerWrites)
  })

  for (const key of WRITE_KEYS) {
    test(key, async ({ client, assert }) => {
      for (const user of await walkersOf(key)) {
        await limiter.clear()
        const { response, base } = await send(client, key, user)
        const who = user ? `role ${user.roleId} (${user.email})` : 'a visitor'
        const status = response.status()
        const where = `${key} as ${who} → ${status} ${(response.text() ?? '').slice(0, 300)}`
        if (process.env.WALK_LOG) console.log('WALK', where.slice(0, 160))
        assertNoViolations(where)
        assert.isBelow(status, 500, where)
        if (status < 400) await base.after?.()
      }
    })
  }
})

/*
| The write routes whose form carries files: the walk above sends them JSON,
| which their validators refuse before any transaction opens. Here each is sent
| as the browser sends it, so its transaction runs.
*/
test.group('reads inside a write transaction: the file uploads, caches cold', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)
  removePublicFilesAfterEach(group)
  noCaching(group)

  const sent = async (
    label: string,
    request: () => Promise<{ status(): number; text(): string }>
  ) => {
    await limiter.clear()
    coldCaches()
    takeViolations()
    const response = await request()
    const where = `${label} → ${response.status()} ${(response.text() ?? '').slice(0, 300)}`
    assertNoViolations(where)
    return { status: response.status(), where }
  }

  test('POST /kyc with its three files', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const { status, where } = await sent('POST /kyc', async () =>
      multipart(
        client,
        'post',
        '/kyc',
        newcomer,
        { type: 'passport' },
        {
          front: upload('png'),
          back: upload('png'),
          address: upload('pdf'),
        }
      )
    )
    forgetFilesOf(
      await KycDocument.query().where('user_id', newcomer.id).orderBy('id', 'desc').first()
    )
    assert.isBelow(status, 300, where)
  })

  test('PUT /deposits/bank/:id with its proof', async ({ client, assert }) => {
    const customer = await UserFactory.create()
    const deposit = await pendingDeposit(customer, 'bank')
    const { status, where } = await sent('PUT /deposits/bank/:id', async () =>
      multipart(
        client,
        'put',
        `/deposits/bank/${deposit.id}`,
        customer,
        {
          bank_name: 'Demo Bank AG',
          account_name: 'Carla Customer',
          account_number: 'DE89370400440532013000',
        },
        { proof: upload('png') }
      )
    )
    forgetFile((await Deposit.findOrFail(deposit.id)).proofPath)
    assert.isBelow(status, 400, where)
  })

  test('POST /admin/externalPayments with its logo', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const { status, where } = await sent('POST /admin/externalPayments', async () =>
      multipart(
        client,
        'post',
        '/admin/externalPayments',
        admin,
        { name: 'Walk Pay', link: 'https://pay.example.com' },
        { logo: upload('png') }
      )
    )
    forgetPublicFile((await ExternalPayment.findBy('name', 'Walk Pay'))?.logoPath)
    assert.isBelow(status, 300, where)
  })

  test('POST /admin/leads/csv with a file', async ({ client, assert }) => {
    for (const role of ['admin', 'manager', 'affiliate'] as const) {
      const staff = await UserFactory.apply(role).create()
      const { status, where } = await sent(`POST /admin/leads/csv as ${role}`, async () =>
        client
          .post('/admin/leads/csv')
          .header('Accept', 'application/json')
          .file('file', Buffer.from(CSV_EXAMPLE, 'utf8'), {
            filename: 'leads.csv',
            contentType: 'text/csv',
          })
          .withCsrfToken()
          .loginAs(staff)
      )
      assert.isBelow(status, 300, where)
    }
  })

  test('POST /admin/settings with a logo', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const { status, where } = await sent('POST /admin/settings', async () =>
      postSiteSettings(client, admin, {}, { appLogo: upload('png') })
    )
    forgetPublicFile(await stored('appLogo'))
    assert.isBelow(status, 400, where)
  })
})
