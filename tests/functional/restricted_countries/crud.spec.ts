import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import RestrictedCountry from '#models/restricted_country'
import User from '#models/user'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { staffSignedIn } from '#tests/helpers/race'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, userOfRole } from '#tests/helpers/users'
import { ALL_ROLES } from '#domain/roles'
import {
  COUNTRY_RESTRICTED_MESSAGE,
  COUNTRY_TAKEN_MESSAGE,
} from '#domain/staff_lists/restricted_countries'

const URL = '/admin/restricted-countries'
const admin = () => userOfRole(1)
const count = async () => Number((await db.from('restricted_countries').count('* as n').first()).n)

test.group('Restricted countries: access', (group) => {
  isolate(group)

  test('the page and every call are open to role 1 only; the page offers the countries', async ({
    client,
    assert,
  }) => {
    const row = await RestrictedCountry.create({ country: 'Narnia Probe', note: null })
    for (const roleId of ALL_ROLES) {
      const user = await userOfRole(roleId)
      const allowed = roleId === 1
      const page = await client.get(URL).loginAs(user).withInertia()
      assert.equal(page.status(), allowed ? 200 : 403, `page, role ${roleId}`)
      if (allowed) {
        page.assertInertiaComponent('staff/restricted_countries/index')
        const { countries } = page.inertiaProps as { countries: { id: string; label: string }[] }
        assert.deepInclude(countries, { id: 'Spain', label: 'Spain' })
        assert.isAbove(countries.length, 190)
      }
      const calls = [
        api(client, 'get', `${URL}/api`),
        api(client, 'post', URL, { country: 'Iceland' }),
        api(client, 'put', `${URL}/${row.id}`, { country: 'Greenland', note: 'x' }),
        api(client, 'delete', `${URL}/999999`),
      ]
      const expected = allowed ? [200, 201, 200, 404] : [403, 403, 403, 403]
      for (const [i, call] of calls.entries()) {
        const response = await call.loginAs(user)
        assert.equal(response.status(), expected[i], `call ${i}, role ${roleId}`)
      }
      if (allowed) await RestrictedCountry.query().where('country', 'Iceland').delete()
    }
  })
})

test.group('Restricted countries: list and writes', (group) => {
  isolate(group)

  test('add: 201 with the spec words, the row, an audit row; the list finds it by country or note', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const response = await api(client, 'post', URL, {
      country: 'Cuba',
      note: '  Sanctions ',
    }).loginAs(user)
    response.assertStatus(201)
    assert.equal(response.body().message, 'Restricted country added successfully')
    const row = response.body().country
    assert.include(row, { country: 'Cuba', note: 'Sanctions' })
    assert.match(row.createdAt, /^\d{4}-\d{2}-\d{2}$/)
    const audit = await onlyAuditRow('restricted_country.create', row.id)
    assert.equal(audit.staff_id, user.id)
    assert.deepEqual(audit.changes.country, { before: null, after: 'Cuba' })

    for (const search of ['cub', 'SANCTION']) {
      const list = await api(client, 'get', `${URL}/api?search=${search}`).loginAs(user)
      list.assertStatus(200)
      assert.deepEqual(
        list.body().data.map((r: { id: number }) => r.id),
        [row.id],
        search
      )
    }
  })

  test('bad input is a 422 under its field and writes nothing', async ({ client, assert }) => {
    const user = await admin()
    await RestrictedCountry.create({ country: 'Iran', note: null })
    const before = [await count(), await auditCount()]
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'country', 'Country is required'],
      [{ country: 'Atlantis' }, 'country', 'Choose a country from the list'],
      [{ country: 42 }, 'country', 'Choose a country from the list'],
      [{ country: 'Cuba', note: 'x'.repeat(256) }, 'note', 'Note must be at most 255 characters'],
      [{ country: 'Cuba', note: ['a'] }, 'note', 'Note must be a text'],
      [{ country: 'Iran' }, 'country', COUNTRY_TAKEN_MESSAGE],
    ]
    for (const [body, field, message] of cases) {
      const response = await api(client, 'post', URL, body).loginAs(user)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.equal(fieldErrors(response.body())[field], message, JSON.stringify(body))
    }
    for (const query of ['page=0', 'limit=7', 'search=' + 'x'.repeat(101)]) {
      ;(await api(client, 'get', `${URL}/api?${query}`).loginAs(user)).assertStatus(422)
    }
    assert.deepEqual([await count(), await auditCount()], before)
  })

  test('edit: another note or country, audited before and after; a taken country or a missing row refused', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const row = await RestrictedCountry.create({ country: 'Syria', note: null })
    await RestrictedCountry.create({ country: 'North Korea', note: null })
    const response = await api(client, 'put', `${URL}/${row.id}`, {
      country: 'Sudan',
      note: 'Moved',
    }).loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Restricted country updated successfully')
    assert.include(response.body().country, { id: row.id, country: 'Sudan', note: 'Moved' })
    const audit = await onlyAuditRow('restricted_country.update', row.id)
    assert.deepEqual(audit.changes.country, { before: 'Syria', after: 'Sudan' })

    const taken = await api(client, 'put', `${URL}/${row.id}`, {
      country: 'North Korea',
    }).loginAs(user)
    taken.assertStatus(422)
    assert.equal(fieldErrors(taken.body()).country, COUNTRY_TAKEN_MESSAGE)
    await row.refresh()
    assert.equal(row.country, 'Sudan')

    for (const id of ['999999', 'abc', '99999999999999999999']) {
      const missing = await api(client, 'put', `${URL}/${id}`, { country: 'Chad' }).loginAs(user)
      assert.include([404, 422], missing.status(), id)
      ;(await api(client, 'delete', `${URL}/${id}`).loginAs(user)).assertStatus(404)
    }
  })

  test('delete: gone, audited; sign-up takes the country again', async ({ client, assert }) => {
    const user = await admin()
    const row = await RestrictedCountry.create({ country: 'Spain', note: 'Temporary' })
    const refused = await api(client, 'post', '/auth/signup', signupPayload())
    refused.assertStatus(422)
    assert.equal(fieldErrors(refused.body()).country, COUNTRY_RESTRICTED_MESSAGE)
    assert.isNull(await User.findBy('email', signupPayload().email))

    const response = await api(client, 'delete', `${URL}/${row.id}`).loginAs(user)
    response.assertStatus(200)
    assert.equal(response.body().message, 'Restricted country removed successfully')
    assert.isNull(await RestrictedCountry.find(row.id))
    const audit = await onlyAuditRow('restricted_country.delete', row.id)
    assert.deepEqual(audit.changes.country, { before: 'Spain', after: null })

    await limiter.clear()
    const welcomed = await api(client, 'post', '/auth/signup', signupPayload())
    welcomed.assertStatus(201)
  })
})

/*
| No shared rolled-back transaction: each request commits on its own (on
| PostgreSQL, its own connection), so the two additions race for the key.
*/
test.group('Restricted countries: two admins adding the same country at once', (group) => {
  group.each.setup(async () => {
    await limiter.clear(['memory'])
  })

  test('one is added, the other is told it is already restricted; one row, one audit row', async ({
    assert,
  }) => {
    try {
      const [a, b] = [await staffSignedIn(DEMO.admin), await staffSignedIn(DEMO.admin)]
      for (let round = 0; round < 3; round++) {
        const responses = await Promise.all([
          a.post(URL, { country: 'Belarus', note: `A ${round}` }),
          b.post(URL, { country: 'Belarus', note: `B ${round}` }),
        ])
        assert.sameMembers(
          responses.map((r) => r.status),
          [201, 422],
          `round ${round}`
        )
        const rows = await RestrictedCountry.query().where('country', 'Belarus')
        assert.lengthOf(rows, 1)
        await onlyAuditRow('restricted_country.create', rows[0].id)
        await rows[0].delete()
      }
    } finally {
      await db.from('restricted_countries').where('country', 'Belarus').delete()
    }
  }).timeout(60_000)
})
