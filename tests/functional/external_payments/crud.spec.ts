import { test } from '@japa/runner'
import ExternalPayment from '#models/external_payment'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { upload } from '#tests/helpers/kyc'
import { DEMO, demoUser, userOfRole } from '#tests/helpers/users'
import { EXTERNAL_PAYMENT_LIST } from '#domain/staff_lists/external_payments'
import {
  BAD_UPLOADS,
  OVERSIZED_PNG,
  forgetPublicFile,
  multipart,
  publicFileExists,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'

const admin = () => demoUser(DEMO.admin)

const FIELDS = {
  name: 'Skrill',
  link: 'https://www.skrill.com/en/pay?merchant=broker',
  customLabel: 'Merchant e-mail',
  customValue: 'payments@broker.example',
}

/** POST /admin/externalPayments as the Add-new modal sends it; the stored logo is removed after the test. */
async function addPayment(
  client: Parameters<typeof multipart>[0],
  fields: Record<string, string> = FIELDS,
  logo = upload('png', 'skrill.png')
) {
  const response = await multipart(
    client,
    'post',
    '/admin/externalPayments',
    await admin(),
    fields,
    logo ? { logo } : {}
  )
  const id = response.body()?.payment?.id
  if (id) forgetPublicFile((await ExternalPayment.find(id))?.logoPath)
  return response
}

/** Each test starts with no external payments. */
function withoutExternalPayments(group: Parameters<typeof isolate>[0]) {
  group.each.setup(async () => {
    await ExternalPayment.query().delete()
  })
}

test.group('External Payments page and list', (group) => {
  isolate(group)
  withoutExternalPayments(group)
  removePublicFilesAfterEach(group)

  test('GET /admin/externalPayments renders the page in the back-office shell', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/admin/externalPayments')
      .loginAs(await admin())
      .withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/external_payments/index')
    // The logo's rules come with the page's declaration, the validator's own constants.
    const logo = EXTERNAL_PAYMENT_LIST.form!.fields!.find((field) => field.name === 'logo')
    assert.deepInclude(logo, { maxMb: 1, accept: 'image/png,image/jpeg,image/webp' })
    // The layout finds heading and menu in the screen registry; the page receives only its data.
    assert.notProperty(response.inertiaProps, 'menu')
  })

  test('pages by 15/25/50, newest first, and searches name or link case-insensitively, wildcards literal', async ({
    client,
    assert,
  }) => {
    for (let i = 1; i <= 17; i++) {
      await ExternalPayment.create({
        name: `Wallet ${i}`,
        link: `https://wallet-${i}.example.com/pay`,
        logoPath: null,
      })
    }
    await ExternalPayment.create({
      name: 'Fifty%Pay',
      link: 'https://fifty.example.org',
      logoPath: null,
    })
    const other = await ExternalPayment.create({
      name: 'Neteller',
      link: 'https://www.NETELLER.com/pay',
      logoPath: null,
    })

    const page1 = await api(
      client,
      'get',
      '/admin/externalPayments/api?search=WALLET&limit=15&page=1'
    ).loginAs(await admin())
    page1.assertStatus(200)
    assert.deepEqual(page1.body().meta, { total: 17, perPage: 15, currentPage: 1, lastPage: 2 })
    assert.lengthOf(page1.body().data, 15)
    assert.equal(page1.body().data[0].name, 'Wallet 17')
    const page2 = await api(
      client,
      'get',
      '/admin/externalPayments/api?search=wallet&limit=15&page=2'
    ).loginAs(await admin())
    assert.lengthOf(page2.body().data, 2)
    const big = await api(client, 'get', '/admin/externalPayments/api?limit=25').loginAs(
      await admin()
    )
    assert.equal(big.body().meta.total, 19)
    assert.lengthOf(big.body().data, 19)

    const byLink = await api(
      client,
      'get',
      '/admin/externalPayments/api?search=neteller.com'
    ).loginAs(await admin())
    assert.deepEqual(byLink.body().data, [
      {
        id: other.id,
        logo: null,
        name: 'Neteller',
        link: 'https://www.NETELLER.com/pay',
        customLabel: null,
        customValue: null,
      },
    ])
    const literal = await api(client, 'get', '/admin/externalPayments/api?search=%25').loginAs(
      await admin()
    )
    assert.deepEqual(
      literal.body().data.map((r: any) => r.name),
      ['Fifty%Pay']
    )
    const bad = await api(client, 'get', '/admin/externalPayments/api?limit=20').loginAs(
      await admin()
    )
    bad.assertStatus(422)
    assert.equal(fieldErrors(bad.body()).limit, 'Page size must be one of 15, 25, 50')
  })

  test('managers, customers and the other roles get 403 on every call; visitors 401 or the login redirect', async ({
    client,
  }) => {
    const payment = await ExternalPayment.create({
      name: 'Kept',
      link: 'https://kept.example.com',
      logoPath: null,
    })
    for (const roleId of [2, 3, 4, 5, 6] as const) {
      const user = await userOfRole(roleId)
      const page = await client.get('/admin/externalPayments').loginAs(user).withInertia()
      page.assertStatus(403)
      ;(await api(client, 'get', '/admin/externalPayments/api').loginAs(user)).assertStatus(403)
      ;(
        await multipart(client, 'post', '/admin/externalPayments', user, FIELDS, {
          logo: upload('png'),
        })
      ).assertStatus(403)
      ;(
        await multipart(client, 'put', `/admin/externalPayments/${payment.id}`, user, FIELDS)
      ).assertStatus(403)
      ;(
        await api(client, 'delete', `/admin/externalPayments/${payment.id}`).loginAs(user)
      ).assertStatus(403)
    }
    const visitor = await client.get('/admin/externalPayments').redirects(0)
    visitor.assertStatus(302)
    visitor.assertHeader('location', '/')
    ;(await api(client, 'delete', `/admin/externalPayments/${payment.id}`)).assertStatus(401)
    await ExternalPayment.findOrFail(payment.id)
  })
})

test.group('External Payments add, edit, delete', (group) => {
  isolate(group)
  withoutExternalPayments(group)
  removePublicFilesAfterEach(group)

  test('adds one with its logo, stored publicly and listed with its url', async ({
    client,
    assert,
  }) => {
    const response = await addPayment(client)
    response.assertStatus(201)
    assert.equal(response.body().message, 'External payment added successfully')
    const row = await ExternalPayment.findOrFail(response.body().payment.id)
    assert.containsSubset(row.serialize(), {
      name: 'Skrill',
      link: FIELDS.link,
      customLabel: 'Merchant e-mail',
      customValue: 'payments@broker.example',
    })
    assert.match(row.logoPath!, /^external-payments\/[0-9a-f-]{36}\.png$/)
    assert.isTrue(await publicFileExists(row.logoPath!))

    const list = await api(client, 'get', '/admin/externalPayments/api').loginAs(await admin())
    assert.deepEqual(list.body().data, [
      {
        id: row.id,
        logo: { url: `/uploads/${row.logoPath}` },
        name: 'Skrill',
        link: FIELDS.link,
        customLabel: 'Merchant e-mail',
        customValue: 'payments@broker.example',
      },
    ])
    const image = await client.get(`/uploads/${row.logoPath}`)
    image.assertStatus(200)
    image.assertHeader('content-type', 'image/png')
  })

  test('custom label and value are optional; blank ones are stored as null', async ({
    client,
    assert,
  }) => {
    const response = await addPayment(client, {
      name: 'Wise',
      link: 'https://wise.com',
      customLabel: '',
      customValue: '',
    })
    response.assertStatus(201)
    assert.containsSubset(response.body().payment, {
      name: 'Wise',
      customLabel: null,
      customValue: null,
    })
  })

  test('bad input is refused under the field and writes nothing', async ({ client, assert }) => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...FIELDS, name: '' }, 'name', 'Name is required'],
      [{ ...FIELDS, name: '   ' }, 'name', 'Name is required'],
      [{ ...FIELDS, name: 'n'.repeat(121) }, 'name', 'Name must be at most 120 characters'],
      [{ ...FIELDS, link: '' }, 'link', 'Link is required'],
      [
        { ...FIELDS, link: 'http://insecure.example.com' },
        'link',
        'Link must be an absolute https:// address',
      ],
      [
        { ...FIELDS, link: 'javascript:alert(1)' },
        'link',
        'Link must be an absolute https:// address',
      ],
      [{ ...FIELDS, link: '/relative/path' }, 'link', 'Link must be an absolute https:// address'],
      [
        { ...FIELDS, link: 'https://localhost' },
        'link',
        'Link must be an absolute https:// address',
      ],
      [
        { ...FIELDS, link: `https://example.com/${'a'.repeat(500)}` },
        'link',
        'Link must be at most 500 characters',
      ],
      [
        { ...FIELDS, customLabel: 'l'.repeat(121) },
        'customLabel',
        'Custom label must be at most 120 characters',
      ],
      [
        { ...FIELDS, customValue: 'v'.repeat(256) },
        'customValue',
        'Custom value must be at most 255 characters',
      ],
    ]
    for (const [fields, field, message] of cases) {
      const response = await addPayment(client, fields)
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body())[field],
        message,
        JSON.stringify(fields).slice(0, 80)
      )
    }
    const noLogo = await multipart(client, 'post', '/admin/externalPayments', await admin(), FIELDS)
    noLogo.assertStatus(422)
    assert.equal(fieldErrors(noLogo.body()).logo, 'Logo is required')
    for (const [label, file] of Object.entries(BAD_UPLOADS)) {
      const response = await addPayment(client, FIELDS, file)
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).logo,
        'Logo must be a PNG, JPEG or WebP image',
        label
      )
    }
    const big = await addPayment(client, FIELDS, OVERSIZED_PNG)
    big.assertStatus(422)
    assert.equal(fieldErrors(big.body()).logo, 'Logo must be at most 1 MB')

    assert.equal(
      await ExternalPayment.query()
        .count('* as total')
        .first()
        .then((r) => Number(r!.$extras.total)),
      0
    )
  })

  test('edits the fields; without a logo the current one stays; a new logo replaces and removes the old', async ({
    client,
    assert,
  }) => {
    const created = await addPayment(client)
    const id = created.body().payment.id
    const first = (await ExternalPayment.findOrFail(id)).logoPath!

    const edit = await multipart(client, 'put', `/admin/externalPayments/${id}`, await admin(), {
      name: 'Skrill Business',
      link: 'https://skrill.com/business',
      customLabel: '',
      customValue: 'acct-42',
    })
    edit.assertStatus(200)
    assert.equal(edit.body().message, 'External payment updated successfully')
    const edited = await ExternalPayment.findOrFail(id)
    assert.containsSubset(edited.serialize(), {
      name: 'Skrill Business',
      link: 'https://skrill.com/business',
      customLabel: null,
      customValue: 'acct-42',
    })
    assert.equal(edited.logoPath, first)
    assert.isTrue(await publicFileExists(first))

    const replace = await multipart(
      client,
      'put',
      `/admin/externalPayments/${id}`,
      await admin(),
      FIELDS,
      { logo: upload('jpeg', 'new.jpg') }
    )
    replace.assertStatus(200)
    const second = (await ExternalPayment.findOrFail(id)).logoPath!
    forgetPublicFile(second)
    assert.notEqual(second, first)
    assert.match(second, /\.jpg$/)
    assert.isTrue(await publicFileExists(second))
    assert.isFalse(await publicFileExists(first))
    assert.equal(replace.body().payment.logo.url, `/uploads/${second}`)

    // A refused edit changes nothing.
    const bad = await multipart(
      client,
      'put',
      `/admin/externalPayments/${id}`,
      await admin(),
      { ...FIELDS, link: 'ftp://x.example.com' },
      { logo: upload('png') }
    )
    bad.assertStatus(422)
    assert.equal((await ExternalPayment.findOrFail(id)).logoPath, second)
    assert.equal((await ExternalPayment.findOrFail(id)).name, 'Skrill')
  })

  test('deletes the row and its logo; an unknown id is 404', async ({ client, assert }) => {
    const created = await addPayment(client)
    const id = created.body().payment.id
    const logo = (await ExternalPayment.findOrFail(id)).logoPath!

    const response = await api(client, 'delete', `/admin/externalPayments/${id}`).loginAs(
      await admin()
    )
    response.assertStatus(200)
    assert.equal(response.body().message, 'Payment deleted successfully')
    assert.isNull(await ExternalPayment.find(id))
    assert.isFalse(await publicFileExists(logo))

    ;(
      await api(client, 'delete', `/admin/externalPayments/${id}`).loginAs(await admin())
    ).assertStatus(404)
    ;(
      await multipart(client, 'put', `/admin/externalPayments/${id}`, await admin(), FIELDS)
    ).assertStatus(404)
    for (const bad of ['99999999999', '0', 'abc']) {
      ;(
        await api(client, 'delete', `/admin/externalPayments/${bad}`).loginAs(await admin())
      ).assertStatus(404)
    }
  })

  test('garbage in any field is refused with a 4xx, never a 500', async ({ client, assert }) => {
    const payment = await ExternalPayment.create({
      name: 'Kept',
      link: 'https://kept.example.com',
      logoPath: null,
    })
    const garbage: unknown[] = [
      null,
      true,
      1e308,
      ['a'],
      { a: 1 },
      'x'.repeat(100_000),
      '<script>alert(1)</script>',
    ]
    for (const field of ['name', 'link', 'customLabel', 'customValue', 'logo']) {
      for (const value of garbage) {
        const body = { ...FIELDS, [field]: value }
        for (const [method, url] of [
          ['post', '/admin/externalPayments'],
          ['put', `/admin/externalPayments/${payment.id}`],
        ] as const) {
          const response = await api(client, method, url, body).loginAs(await admin())
          assert.isBelow(
            response.status(),
            500,
            `${method} ${field} = ${JSON.stringify(value)?.slice(0, 40)}`
          )
        }
      }
    }
  })
})
