import { test } from '@japa/runner'
import transmit from '@adonisjs/transmit/services/main'
import { userChannel } from '#domain/channels'
import KycDocument from '#models/kyc_document'
import Notification from '#models/notification'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { removeKycFilesAfterEach, storedDocument } from '#tests/helpers/kyc'
import { UserFactory } from '#database/factories/user_factory'

/** What is broadcast on Transmit while `run` runs (the live push of notifications). */
async function broadcastsDuring<T>(run: () => Promise<T>) {
  const sent: { channel: string; payload: any }[] = []
  const original = transmit.broadcast.bind(transmit)
  transmit.broadcast = ((channel: string, payload: any) => {
    sent.push({ channel, payload })
  }) as typeof transmit.broadcast
  try {
    return { result: await run(), sent }
  } finally {
    transmit.broadcast = original
  }
}

function customerNamed(fullName: string) {
  return UserFactory.merge({ fullName }).create()
}

test.group('GET /admin/kyc', (group) => {
  isolate(group)

  test('renders the KYC Documents page in the back-office shell for admins', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/admin/kyc').loginAs(admin).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('staff/kyc/index')
    // The page receives only its data; the layout finds its heading and menu in the screen registry.
    assert.notProperty(response.inertiaProps, 'menu')
    assert.notProperty(response.inertiaProps, 'title')
  })

  test('managers and other staff get 403 (admin spec §6: role 1 only)', async ({ client }) => {
    // kycApproved: a customer whose KYC is approved
    for (const state of ['manager', 'kycApproved', 'affiliate', 'agent', 'retention'] as const) {
      const response = await client
        .get('/admin/kyc')
        .loginAs(await UserFactory.apply(state).create())
        .withInertia()
      response.assertStatus(403)
    }
  })
})

test.group('GET /admin/kyc/api', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('rows carry the spec columns and file links, newest first', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const ada = await customerNamed('Ada Lovelace')
    const first = await storedDocument(ada, {
      status: 'declined',
      declineReason: 'Glare on the photo',
      type: 'national_id',
    })
    const second = await storedDocument(ada, {
      kinds: { front: 'jpeg', back: 'webp', address: 'png' },
    })

    const response = await api(client, 'get', '/admin/kyc/api?search=lovelace').loginAs(admin)
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.meta.total, 2)
    assert.deepEqual(
      body.data.map((r: any) => r.id),
      [second.id, first.id]
    )
    const row = body.data[1]
    assert.containsSubset(row, {
      id: first.id,
      type: 'national_id',
      document: 'National ID',
      fullName: 'Ada Lovelace',
      email: ada.email,
      status: 'declined',
      declineReason: 'Glare on the photo',
      front: { url: `/kyc/documents/${first.id}/front`, kind: 'image' },
      back: { url: `/kyc/documents/${first.id}/back`, kind: 'image' },
      address: { url: `/kyc/documents/${first.id}/address`, kind: 'pdf' },
    })
    // The back office shows DD/MM/YYYY h:mm A (admin spec §9).
    assert.match(row.uploadedAt, /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)
    assert.equal(body.data[0].address.kind, 'image')

    // Its image loads for the admin through the authorized route.
    const image = await client.get(row.front.url).loginAs(admin)
    image.assertStatus(200)
  })

  test('a seeded document without files lists with no links', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    // kycApproved: an approved submission without files
    const customer = await UserFactory.apply('kycApproved').create()
    const response = await api(
      client,
      'get',
      `/admin/kyc/api?search=${encodeURIComponent(customer.email)}`
    ).loginAs(admin)
    response.assertStatus(200)
    const [row] = response.body().data
    assert.containsSubset(row, {
      email: customer.email,
      status: 'approved',
      front: null,
      back: null,
      address: null,
    })
  })

  test('pages by limit 15/25/50 and searches name or e-mail, case-insensitively, wildcards literal', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const grace = await customerNamed('Grace Hopper')
    for (let i = 0; i < 17; i++)
      await KycDocument.create({ userId: grace.id, type: 'passport', status: 'declined' })
    const percent = await customerNamed('Fifty%Percent')
    await KycDocument.create({ userId: percent.id, type: 'passport', status: 'pending' })

    const page1 = await api(client, 'get', '/admin/kyc/api?search=GRACE&limit=15&page=1').loginAs(
      admin
    )
    assert.equal(page1.body().meta.total, 17)
    assert.lengthOf(page1.body().data, 15)
    assert.equal(page1.body().meta.lastPage, 2)
    const page2 = await api(client, 'get', '/admin/kyc/api?search=grace&limit=15&page=2').loginAs(
      admin
    )
    assert.lengthOf(page2.body().data, 2)
    const big = await api(client, 'get', '/admin/kyc/api?search=grace&limit=25').loginAs(admin)
    assert.lengthOf(big.body().data, 17)

    const byEmail = await api(
      client,
      'get',
      `/admin/kyc/api?search=${encodeURIComponent(grace.email.toUpperCase())}`
    ).loginAs(admin)
    assert.equal(byEmail.body().meta.total, 17)

    const literal = await api(client, 'get', '/admin/kyc/api?search=%25').loginAs(admin)
    assert.deepEqual(
      literal.body().data.map((r: any) => r.fullName),
      ['Fifty%Percent']
    )
    const nothing = await api(client, 'get', '/admin/kyc/api?search=nobody-by-this-name').loginAs(
      admin
    )
    assert.deepEqual(nothing.body(), {
      data: [],
      meta: { total: 0, perPage: 15, currentPage: 1, lastPage: 1 },
    })
  })

  test('bad paging input gets 422 with the message under the field', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const size = await api(client, 'get', '/admin/kyc/api?limit=20').loginAs(admin)
    size.assertStatus(422)
    assert.deepEqual(fieldErrors(size.body()), { limit: 'Page size must be one of 15, 25, 50' })
    const page = await api(client, 'get', '/admin/kyc/api?page=0').loginAs(admin)
    page.assertStatus(422)
    assert.deepEqual(fieldErrors(page.body()), {
      page: 'Page must be a whole number of at least 1',
    })
  })

  test('only admins may list (403 for a manager)', async ({ client }) => {
    const manager = await UserFactory.apply('manager').create()
    const response = await api(client, 'get', '/admin/kyc/api').loginAs(manager)
    response.assertStatus(403)
  })
})

test.group('POST /admin/kyc/:id/approve and /decline', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('approve: recorded with the reviewer, the customer notified and now verified', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)

    const { result: response, sent } = await broadcastsDuring(() =>
      api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)
    )
    response.assertStatus(200)
    assert.deepEqual(response.body(), { message: 'Document approved successfully' })
    // Pushed live on the customer's own channel.
    assert.deepEqual(
      sent.map((s) => [s.channel, s.payload.event, s.payload.title]),
      [[userChannel(newcomer.id), 'notification', 'KYC approved']]
    )

    await document.refresh()
    assert.equal(document.status, 'approved')
    assert.equal(document.reviewedById, admin.id)
    assert.isNotNull(document.reviewedAt)
    assert.isNull(document.declineReason)

    const notes = await Notification.query().where('user_id', newcomer.id)
    assert.deepEqual(
      notes.map((n) => [n.title, n.url]),
      [['KYC approved', '/kyc']]
    )

    const page = await client.get('/kyc').loginAs(newcomer).withInertia()
    page.assertInertiaPropsContains({ kyc: { status: 'approved' } })
    const dashboard = await client.get('/dashboard').loginAs(newcomer).withInertia()
    dashboard.assertInertiaPropsContains({ isKyc: true })
  })

  test('a second approval gets 409 and notifies nobody again', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)
    ;(await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)).assertStatus(
      200
    )
    const again = await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)
    again.assertStatus(409)
    assert.equal(again.body().message, 'This document is already approved')
    assert.lengthOf(await Notification.query().where('user_id', newcomer.id), 1)
  })

  test('decline: the reason is stored, sent to the customer and shown on their card', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)

    const { result: response, sent } = await broadcastsDuring(() =>
      api(client, 'post', `/admin/kyc/${document.id}/decline`, {
        declineReason: '  The photo is blurry  ',
      }).loginAs(admin)
    )
    response.assertStatus(200)
    assert.deepEqual(
      sent.map((s) => [s.channel, s.payload.title, s.payload.description]),
      [[userChannel(newcomer.id), 'KYC declined', 'The photo is blurry']]
    )
    assert.deepEqual(response.body(), { message: 'KYC declined successfully' })

    await document.refresh()
    assert.equal(document.status, 'declined')
    assert.equal(document.declineReason, 'The photo is blurry')
    assert.equal(document.reviewedById, admin.id)

    const [note] = await Notification.query().where('user_id', newcomer.id)
    assert.equal(note.title, 'KYC declined')
    assert.equal(note.description, 'The photo is blurry')

    const page = await client.get('/kyc').loginAs(newcomer).withInertia()
    page.assertInertiaPropsContains({
      kyc: { status: 'declined', declineReason: 'The photo is blurry' },
    })
  })

  test('a decline needs a reason: 422 under declineReason, nothing changes', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)
    for (const body of [
      {},
      { declineReason: '' },
      { declineReason: '   ' },
      { declineReason: null },
      { declineReason: ['a'] },
    ]) {
      const response = await api(client, 'post', `/admin/kyc/${document.id}/decline`, body).loginAs(
        admin
      )
      response.assertStatus(422)
      assert.deepEqual(fieldErrors(response.body()), {
        declineReason: 'Decline reason is required',
      })
    }
    const long = await api(client, 'post', `/admin/kyc/${document.id}/decline`, {
      declineReason: 'x'.repeat(501),
    }).loginAs(admin)
    long.assertStatus(422)
    assert.deepEqual(fieldErrors(long.body()), {
      declineReason: 'Decline reason must be at most 500 characters',
    })
    await document.refresh()
    assert.equal(document.status, 'pending')
    assert.lengthOf(await Notification.query().where('user_id', newcomer.id), 0)
  })

  test('a declined document can be approved again; an approved one can be declined; a repeat decline is 409', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer, { status: 'declined', declineReason: 'Blurry' })

    ;(await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(admin)).assertStatus(
      200
    )
    await document.refresh()
    assert.equal(document.status, 'approved')
    assert.isNull(document.declineReason)

    ;(
      await api(client, 'post', `/admin/kyc/${document.id}/decline`, {
        declineReason: 'Forged',
      }).loginAs(admin)
    ).assertStatus(200)
    const again = await api(client, 'post', `/admin/kyc/${document.id}/decline`, {
      declineReason: 'Forged',
    }).loginAs(admin)
    again.assertStatus(409)
    assert.equal(again.body().message, 'This document is already declined')
    const titles = (
      await Notification.query().where('user_id', newcomer.id).orderBy('id', 'asc')
    ).map((n) => n.title)
    assert.deepEqual(titles, ['KYC approved', 'KYC declined'])
  })

  test('a document replaced by a newer submission cannot be decided (409)', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const newcomer = await UserFactory.create()
    const old = await storedDocument(newcomer, { status: 'declined', declineReason: 'Blurry' })
    await storedDocument(newcomer)
    const response = await api(client, 'post', `/admin/kyc/${old.id}/approve`).loginAs(admin)
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      'A newer KYC submission of this customer replaces this document'
    )
    await old.refresh()
    assert.equal(old.status, 'declined')
  })

  test('unknown or odd ids are 404, never 500', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    for (const id of ['999999999', '99999999999999999999', 'abc', '0']) {
      const approve = await api(client, 'post', `/admin/kyc/${id}/approve`).loginAs(admin)
      approve.assertStatus(404)
      const decline = await api(client, 'post', `/admin/kyc/${id}/decline`, {
        declineReason: 'x',
      }).loginAs(admin)
      decline.assertStatus(404)
    }
  })

  test('non-admin staff and customers get 403; nothing changes', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)
    for (const user of [
      await UserFactory.apply('manager').create(),
      await UserFactory.apply('kycApproved').create(),
      newcomer, // the document's owner
      await UserFactory.apply('affiliate').create(),
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      ;(await api(client, 'post', `/admin/kyc/${document.id}/approve`).loginAs(user)).assertStatus(
        403
      )
      ;(
        await api(client, 'post', `/admin/kyc/${document.id}/decline`, {
          declineReason: 'x',
        }).loginAs(user)
      ).assertStatus(403)
    }
    await document.refresh()
    assert.equal(document.status, 'pending')
  })
})
