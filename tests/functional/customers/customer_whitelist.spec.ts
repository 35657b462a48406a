import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount } from '#tests/helpers/audit'

const FORM = {
  fullName: 'Cora Customer',
  email: 'cora@whitelist.test',
  password: 'a-long-password',
  roleId: 3,
  isEmailVerified: true,
  isActive: true,
}

/**
 * The staff IP whitelist is no customer's (issue 21 item 8): the customers
 * page's Add User form has no such field, and the server refuses one sent
 * for role 3 with a 422 under the field, writing nothing.
 */
test.group('Customers: no IP whitelist for a customer', (group) => {
  isolate(group)

  for (const url of ['/admin/customers', '/admin/users']) {
    test(`POST ${url} with role 3 and a whitelist is a 422 under the field, nothing written`, async ({
      client,
      assert,
    }) => {
      const admin = await UserFactory.apply('admin').create()
      const audits = await auditCount()
      const response = await api(client, 'post', url, {
        ...FORM,
        whitelist: '203.0.113.7',
      }).loginAs(admin)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).whitelist, 'A customer has no IP whitelist')
      assert.isNull(await User.findBy('email', FORM.email))
      assert.equal(await auditCount(), audits)

      const without = await api(client, 'post', url, { ...FORM, whitelist: null }).loginAs(admin)
      without.assertStatus(201)
    })
  }

  test('an edit that keeps or makes the account a customer cannot give it a whitelist', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const customer = await UserFactory.create()
    const response = await api(client, 'put', `/admin/users/${customer.id}`, {
      ...FORM,
      email: customer.email,
      whitelist: '10.0.0.0/8',
    }).loginAs(admin)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).whitelist, 'A customer has no IP whitelist')
    assert.isNull(await db.from('whitelists').where('user_id', customer.id).first())

    // The customers list's own edit ignores the field: no whitelist is stored either way.
    const listEdit = await api(client, 'put', `/admin/customers/${customer.id}`, {
      ...FORM,
      email: customer.email,
      password: '',
      whitelist: '10.0.0.0/8',
    }).loginAs(admin)
    assert.isBelow(listEdit.status(), 500)
    assert.isNull(await db.from('whitelists').where('user_id', customer.id).first())
  })
})
