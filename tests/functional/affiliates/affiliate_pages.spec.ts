import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Lead from '#models/lead'
import { ALL_ROLES } from '#domain/roles'
import { hashApiKey } from '#domain/lead_api'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, onlyAuditRow } from '#tests/helpers/audit'
import { userOfRole } from '#tests/helpers/users'
import { aLead } from '#tests/helpers/leads'
import { anAffiliate, intakeBody, keyOf, postLead } from '#tests/helpers/affiliates'

test.group('Affiliate screens: Leads and API Key', (group) => {
  isolate(group)

  test('the pages and calls are role 4 only; others 403, visitors 401', async ({
    client,
    assert,
  }) => {
    for (const roleId of ALL_ROLES) {
      const user = await userOfRole(roleId)
      const expected = roleId === 4 ? 200 : 403
      for (const url of ['/affiliate', '/affiliate/api']) {
        const page = await client.get(url).loginAs(user).withInertia()
        assert.equal(page.status(), expected, `${url} role ${roleId}`)
      }
      const list = await api(client, 'get', '/affiliate/leads/api').loginAs(user)
      assert.equal(list.status(), expected, `list role ${roleId}`)
      const post = await api(client, 'post', '/affiliate/api', {}).loginAs(user)
      assert.equal(post.status(), roleId === 4 ? 201 : 403, `generate role ${roleId}`)
    }
    ;(await api(client, 'get', '/affiliate/leads/api')).assertStatus(401)
    ;(await api(client, 'post', '/affiliate/api', {})).assertStatus(401)
    ;(await api(client, 'delete', '/affiliate/leads/1')).assertStatus(401)
  })

  test('the pages render their components', async ({ client, assert }) => {
    const affiliate = await userOfRole(4)
    const leads = await client.get('/affiliate').loginAs(affiliate).withInertia()
    leads.assertInertiaComponent('staff/affiliate/leads')
    assert.isArray((leads.inertiaProps as any).statuses)
    const page = await client.get('/affiliate/api').loginAs(affiliate).withInertia()
    page.assertInertiaComponent('staff/affiliate/api_key')
    assert.isNull((page.inertiaProps as any).apiKey)
  })

  test('the list shows only their own leads, with the spec columns, paged and searchable', async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const other = await anAffiliate()
    const mine = await aLead({ affiliateId: affiliate.id, reference: 'MY-REF', leadSourceId: 's9' })
    await aLead({ affiliateId: affiliate.id, firstName: 'Zed' })
    await aLead({ affiliateId: other.id })
    await aLead({ affiliateId: null })
    const response = await api(client, 'get', '/affiliate/leads/api').loginAs(affiliate)
    response.assertStatus(200)
    const ids = response.body().data.map((r: any) => r.id)
    const ownIds = (await Lead.query().where('affiliate_id', affiliate.id)).map((l) => l.id)
    assert.sameMembers(ids, ownIds)
    assert.equal(response.body().meta.total, ownIds.length)
    // The spec's path has a trailing slash (§7 GET /affiliate/leads/api/).
    const slashed = await api(client, 'get', '/affiliate/leads/api/').loginAs(affiliate)
    slashed.assertStatus(200)
    assert.equal(slashed.body().meta.total, ownIds.length)
    const row = response.body().data.find((r: any) => r.id === mine.id)
    for (const field of [
      'firstName',
      'lastName',
      'email',
      'phone',
      'city',
      'country',
      'funnelLink',
      'reference',
      'leadSourceId',
      'ftdAt',
      'leadStatus',
    ])
      assert.property(row, field)
    assert.equal(row.reference, 'MY-REF')
    const searched = await api(client, 'get', '/affiliate/leads/api?search=my-ref').loginAs(
      affiliate
    )
    assert.deepEqual(
      searched.body().data.map((r: any) => r.id),
      [mine.id]
    )
    const bad = await api(client, 'get', '/affiliate/leads/api?page=0&limit=7').loginAs(affiliate)
    bad.assertStatus(422)
    assert.properties(fieldErrors(bad.body()), ['page', 'limit'])
  })

  test("delete: their own lead goes ('Lead deleted successfully', audited); another's or a missing one is 404", async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const mine = await aLead({ affiliateId: affiliate.id })
    const theirs = await aLead({ affiliateId: (await anAffiliate()).id })
    const nobodys = await aLead({ affiliateId: null })
    for (const lead of [theirs, nobodys]) {
      ;(await api(client, 'delete', `/affiliate/leads/${lead.id}`).loginAs(affiliate)).assertStatus(
        404
      )
      assert.isNotNull(await Lead.find(lead.id))
    }
    ;(await api(client, 'delete', '/affiliate/leads/99999999').loginAs(affiliate)).assertStatus(404)
    const done = await api(client, 'delete', `/affiliate/leads/${mine.id}`).loginAs(affiliate)
    done.assertStatus(200)
    assert.equal(done.body().message, 'Lead deleted successfully')
    assert.isNull(await Lead.find(mine.id))
    await onlyAuditRow('lead.delete', mine.id)
  })

  test("add-new and CSV upload are the desks' calls, open to role 4 and attributed to the affiliate", async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const added = await api(client, 'post', '/admin/leads', {
      firstName: 'Aff',
      lastName: 'Form',
      email: 'aff-form@leads.test',
      phone: '+34 600 222 333',
    }).loginAs(affiliate)
    added.assertStatus(201)
    const lead = await Lead.findByOrFail('email', 'aff-form@leads.test')
    assert.equal(lead.affiliateId, affiliate.id)
    const list = await api(client, 'get', '/affiliate/leads/api').loginAs(affiliate)
    assert.include(
      list.body().data.map((r: any) => r.id),
      lead.id
    )
  })

  test('Generate: a key shown once, only its hash stored, the old key revoked at once, audited', async ({
    client,
    assert,
  }) => {
    const affiliate = await userOfRole(4)
    const before = await auditCount()
    const first = await api(client, 'post', '/affiliate/api', { key: 'mine' }).loginAs(affiliate)
    first.assertStatus(201)
    assert.equal(first.body().message, 'API key generated successfully')
    const key = first.body().key as string
    assert.match(key, /^ak_[A-Za-z0-9_-]{40}$/)
    const row = await db.from('affiliate_api_keys').where('user_id', affiliate.id).first()
    assert.equal(row.key_hash, hashApiKey(key))
    assert.notInclude(JSON.stringify(row), key)
    assert.equal(await auditCount(), before + 1)
    const audit = await onlyAuditRow('affiliate_api_key.generate', affiliate.id)
    assert.notInclude(JSON.stringify(audit), key)

    const page = await client.get('/affiliate/api').loginAs(affiliate).withInertia()
    const shown = (page.inertiaProps as any).apiKey
    assert.equal(shown.masked.slice(-4), key.slice(-4))
    assert.notInclude(shown.masked, key)

    ;(await postLead(client, key, intakeBody())).assertStatus(201)
    const second = await keyOf(client, affiliate)
    ;(await postLead(client, key, intakeBody())).assertStatus(401)
    ;(await postLead(client, second, intakeBody())).assertStatus(201)
    assert.lengthOf(await db.from('affiliate_api_keys').where('user_id', affiliate.id), 1)
  })
})
