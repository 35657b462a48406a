import { readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import sharp from 'sharp'
import KycDocument from '#models/kyc_document'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import {
  removeKycFilesAfterEach,
  storedDocument,
  submitKyc,
  upload,
  SAMPLES,
} from '#tests/helpers/kyc'
import { UserFactory } from '#database/factories/user_factory'

const textFile = Buffer.from('I am plain text, not a picture of a passport.\n')
const MB = 1024 * 1024

test.group('GET /kyc', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('a customer who never submitted gets the form: status not_submitted', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const response = await client.get('/kyc').loginAs(newcomer).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('customer/kyc')
    response.assertInertiaPropsContains({
      kyc: { status: 'not_submitted', declineReason: null },
      maxFileMb: 5,
    })
  })

  test('the status is the latest submission; a decline carries its reason', async ({ client }) => {
    const newcomer = await UserFactory.create()
    await KycDocument.create({
      userId: newcomer.id,
      type: 'passport',
      status: 'declined',
      declineReason: 'Blurry photo',
    })
    const declined = await client.get('/kyc').loginAs(newcomer).withInertia()
    declined.assertInertiaPropsContains({
      kyc: { status: 'declined', declineReason: 'Blurry photo' },
    })

    await KycDocument.create({ userId: newcomer.id, type: 'national_id', status: 'pending' })
    const pending = await client.get('/kyc').loginAs(newcomer).withInertia()
    pending.assertInertiaPropsContains({ kyc: { status: 'pending', declineReason: null } })

    const customer = await UserFactory.apply('kycApproved').create()
    const approved = await client.get('/kyc').loginAs(customer).withInertia()
    approved.assertInertiaPropsContains({ kyc: { status: 'approved', declineReason: null } })
  })

  test('staff are refused (403): KYC belongs to customers', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/kyc').loginAs(admin).withInertia()
    response.assertStatus(403)
  })
})

test.group('POST /kyc', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('a complete submission is stored as pending with its files on the private disk', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const response = await submitKyc(client, newcomer, { type: 'driver_license' })
    response.assertStatus(200)
    assert.deepEqual(response.body(), { message: 'KYC submitted successfully' })

    const document = await KycDocument.query().where('user_id', newcomer.id).firstOrFail()
    assert.equal(document.type, 'driver_license')
    assert.equal(document.status, 'pending')
    assert.isNull(document.reviewedById)
    // Random names under the customer's folder, the extension from the content.
    assert.match(document.frontPath!, new RegExp(`^kyc/${newcomer.id}/[0-9a-f-]{36}\\.png$`))
    assert.match(document.backPath!, /\.jpg$/)
    assert.match(document.addressPath!, /\.pdf$/)
    const disk = drive.use('fs')
    // Images are stored re-encoded (pixels only); a clean PDF as sent.
    const front = await sharp(Buffer.from(await disk.getBytes(document.frontPath!))).metadata()
    assert.deepEqual([front.format, front.width, front.height], ['png', 2, 2])
    assert.deepEqual(Buffer.from(await disk.getBytes(document.addressPath!)), SAMPLES.pdf)

    const page = await client.get('/kyc').loginAs(newcomer).withInertia()
    page.assertInertiaPropsContains({ kyc: { status: 'pending' } })
  })

  for (const kind of ['jpeg', 'png', 'webp', 'pdf'] as const) {
    test(`a ${kind} is accepted for every side`, async ({ client, assert }) => {
      const newcomer = await UserFactory.create()
      const response = await submitKyc(client, newcomer, {
        front: upload(kind),
        back: upload(kind),
        address: upload(kind),
      })
      response.assertStatus(200)
      const document = await KycDocument.query().where('user_id', newcomer.id).firstOrFail()
      const extension = { jpeg: 'jpg', png: 'png', webp: 'webp', pdf: 'pdf' }[kind]
      for (const path of [document.frontPath, document.backPath, document.addressPath]) {
        assert.isTrue(path!.endsWith(`.${extension}`))
      }
    })
  }

  test('the content decides, not the name or the claimed type: a PNG named .pdf is stored as a PNG', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const response = await submitKyc(client, newcomer, {
      front: { bytes: SAMPLES.png, filename: 'scan.pdf', contentType: 'application/pdf' },
    })
    response.assertStatus(200)
    const document = await KycDocument.query().where('user_id', newcomer.id).firstOrFail()
    assert.isTrue(document.frontPath!.endsWith('.png'))
  })

  test('a text file renamed to .jpg is refused with 422 under its field, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const response = await submitKyc(client, newcomer, {
      back: { bytes: textFile, filename: 'passport.jpg', contentType: 'image/jpeg' },
    })
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response.body()), {
      back: 'Back side must be a JPEG, PNG or WebP image or a PDF',
    })
    assert.isNull(await KycDocument.query().where('user_id', newcomer.id).first())
  })

  test('a refused upload leaves no temporary copy behind', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const marker = Buffer.from(`not an image ${Date.now()} ${Math.random()}`)
    const since = Date.now() - 1000
    const response = await submitKyc(client, newcomer, {
      front: { bytes: marker, filename: 'x.jpg' },
    })
    response.assertStatus(422)
    // The body parser writes uploads to the OS temp folder; none may still hold the marker.
    for (const name of await readdir(tmpdir())) {
      const path = join(tmpdir(), name)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile() || info.mtimeMs < since || info.size !== marker.length) continue
      assert.isFalse((await readFile(path)).equals(marker), `temporary upload left at ${path}`)
    }
  })

  test('HTML, SVG and an empty file are refused too', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const samples = [
      {
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        filename: 'a.png',
        contentType: 'image/png',
      },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'a.webp',
        contentType: 'image/svg+xml',
      },
      { bytes: Buffer.alloc(0), filename: 'empty.pdf', contentType: 'application/pdf' },
    ]
    for (const sample of samples) {
      const response = await submitKyc(client, newcomer, { address: sample })
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).address,
        'Address proof must be a JPEG, PNG or WebP image or a PDF'
      )
    }
  })

  test('a file over 5 MB is refused with 422 under its field', async ({ client, assert }) => {
    const newcomer = await UserFactory.create()
    const big = Buffer.concat([SAMPLES.jpeg, Buffer.alloc(5 * MB)])
    const response = await submitKyc(client, newcomer, {
      front: { bytes: big, filename: 'big.jpg' },
    })
    response.assertStatus(422)
    assert.deepEqual(fieldErrors(response.body()), { front: 'Front side must be at most 5 MB' })
    assert.isNull(await KycDocument.query().where('user_id', newcomer.id).first())
  })

  test('a missing type or file gets 422 with each message under its field', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const response = await submitKyc(client, newcomer, {
      type: null,
      front: null,
      back: null,
      address: null,
    })
    response.assertStatus(422)
    assert.equal(response.body().message, 'Document type is required')
    assert.deepEqual(fieldErrors(response.body()), {
      type: 'Document type is required',
      front: 'Front side is required',
      back: 'Back side is required',
      address: 'Address proof is required',
    })

    const onlyBack = await submitKyc(client, newcomer, { back: null })
    onlyBack.assertStatus(422)
    assert.deepEqual(fieldErrors(onlyBack.body()), { back: 'Back side is required' })
    assert.isNull(await KycDocument.query().where('user_id', newcomer.id).first())
  })

  test('an unknown document type, or text where a file belongs, is refused with 422', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const badType = await submitKyc(client, newcomer, { type: 'library_card' })
    badType.assertStatus(422)
    assert.deepEqual(fieldErrors(badType.body()), {
      type: 'Document type must be National ID, Passport or Driver License',
    })

    const textField = await client
      .post('/kyc')
      .header('Accept', 'application/json')
      .loginAs(newcomer)
      .withCsrfToken()
      .field('type', 'passport')
      .field('front', 'not a file')
      .file('back', SAMPLES.png, { filename: 'b.png' })
      .file('address', SAMPLES.png, { filename: 'c.png' })
    textField.assertStatus(422)
    assert.deepEqual(fieldErrors(textField.body()), { front: 'Front side must be a file' })

    const json = await api(client, 'post', '/kyc', {
      type: 'passport',
      front: 'x',
      back: 1,
      address: null,
    }).loginAs(newcomer)
    json.assertStatus(422)
    assert.sameMembers(Object.keys(fieldErrors(json.body())), ['front', 'back', 'address'])
  })

  test('odd multipart bodies are refused with 422 or stored safely, never a 500', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const base = () =>
      client.post('/kyc').header('Accept', 'application/json').loginAs(newcomer).withCsrfToken()

    // The type sent as a file, a side sent twice, a side sent as a field array.
    const typeAsFile = await base()
      .file('type', SAMPLES.png, { filename: 'type.png' })
      .file('front', SAMPLES.png, { filename: 'a.png' })
      .file('back', SAMPLES.png, { filename: 'b.png' })
      .file('address', SAMPLES.png, { filename: 'c.png' })
    typeAsFile.assertStatus(422)
    assert.deepEqual(fieldErrors(typeAsFile.body()), {
      type: 'Document type must be National ID, Passport or Driver License',
    })

    const twice = await base()
      .field('type', 'passport')
      .file('front', SAMPLES.png, { filename: 'a.png' })
      .file('front', SAMPLES.png, { filename: 'a2.png' })
      .file('back', SAMPLES.png, { filename: 'b.png' })
      .file('address', SAMPLES.png, { filename: 'c.png' })
    twice.assertStatus(422)
    assert.deepEqual(fieldErrors(twice.body()), { front: 'Front side must be a file' })

    const typeArray = await base()
      .field('type', ['passport', 'national_id'])
      .file('front', SAMPLES.png, { filename: 'a.png' })
      .file('back', SAMPLES.png, { filename: 'b.png' })
      .file('address', SAMPLES.png, { filename: 'c.png' })
    typeArray.assertStatus(422)
    assert.isBelow(typeArray.status(), 500)
    assert.isNull(await KycDocument.query().where('user_id', newcomer.id).first())

    // A hostile client file name changes nothing: the server names the file.
    const hostile = await submitKyc(client, newcomer, {
      front: { bytes: SAMPLES.png, filename: '../../../.env.jpg', contentType: 'text/html' },
    })
    hostile.assertStatus(200)
    const document = await KycDocument.query().where('user_id', newcomer.id).firstOrFail()
    assert.match(document.frontPath!, new RegExp(`^kyc/${newcomer.id}/[0-9a-f-]{36}\\.png$`))
  })

  test('a pending submission blocks a new one (409), nothing new is stored', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    ;(await submitKyc(client, newcomer)).assertStatus(200)
    const again = await submitKyc(client, newcomer)
    again.assertStatus(409)
    assert.equal(
      again.body().message,
      'Your KYC is under review; you can submit again if it is declined'
    )
    assert.lengthOf(await KycDocument.query().where('user_id', newcomer.id), 1)
  })

  test('an approved customer cannot submit again (409)', async ({ client, assert }) => {
    const customer = await UserFactory.apply('kycApproved').create()
    const response = await submitKyc(client, customer)
    response.assertStatus(409)
    assert.equal(response.body().message, 'Your KYC is already approved')
  })

  test('after a decline the customer resubmits: a new pending submission', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const declined = await storedDocument(newcomer, {
      status: 'declined',
      declineReason: 'Expired passport',
    })
    const response = await submitKyc(client, newcomer, { type: 'national_id' })
    response.assertStatus(200)
    const documents = await KycDocument.query().where('user_id', newcomer.id).orderBy('id', 'asc')
    assert.deepEqual(
      documents.map((d) => [d.id === declined.id, d.status, d.type]),
      [
        [true, 'declined', 'passport'],
        [false, 'pending', 'national_id'],
      ]
    )
    const page = await client.get('/kyc').loginAs(newcomer).withInertia()
    page.assertInertiaPropsContains({ kyc: { status: 'pending', declineReason: null } })
  })

  test('staff cannot submit (403)', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await submitKyc(client, admin)
    response.assertStatus(403)
  })
})

test.group('GET /kyc/documents/:id/:side', (group) => {
  isolate(group)
  removeKycFilesAfterEach(group)

  test('the owner and an admin get the file inline with a safe type; another customer gets 404', async ({
    client,
    assert,
  }) => {
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer, {
      kinds: { front: 'png', back: 'webp', address: 'pdf' },
    })

    const own = await client.get(`/kyc/documents/${document.id}/front`).loginAs(newcomer)
    own.assertStatus(200)
    assert.equal(own.header('content-type'), 'image/png')
    assert.equal(
      own.header('content-disposition'),
      `inline; filename="kyc-${document.id}-front.png"`
    )
    assert.equal(own.header('x-content-type-options'), 'nosniff')
    assert.include(own.header('cache-control'), 'no-store')
    assert.deepEqual(Buffer.from(own.body() as any), SAMPLES.png)

    const admin = await UserFactory.apply('admin').create()
    const back = await client.get(`/kyc/documents/${document.id}/back`).loginAs(admin)
    back.assertStatus(200)
    assert.equal(back.header('content-type'), 'image/webp')
    const address = await client.get(`/kyc/documents/${document.id}/address`).loginAs(admin)
    address.assertStatus(200)
    assert.equal(address.header('content-type'), 'application/pdf')

    const other = await UserFactory.create()
    const refused = await client
      .get(`/kyc/documents/${document.id}/front`)
      .loginAs(other)
      .header('Accept', 'application/json')
    refused.assertStatus(404)
  })

  test('staff other than admins are refused (403); a visitor must log in', async ({ client }) => {
    const newcomer = await UserFactory.create()
    const document = await storedDocument(newcomer)
    for (const role of ['manager', 'affiliate', 'agent', 'retention'] as const) {
      const response = await client
        .get(`/kyc/documents/${document.id}/front`)
        .loginAs(await UserFactory.apply(role).create())
        .header('Accept', 'application/json')
      response.assertStatus(403)
    }
    const visitor = await client
      .get(`/kyc/documents/${document.id}/front`)
      .header('Accept', 'application/json')
    visitor.assertStatus(401)
  })

  test('unknown documents, sides, missing or vanished files and odd ids are 404, never 500', async ({
    client,
  }) => {
    const newcomer = await UserFactory.create()
    const admin = await UserFactory.apply('admin').create()
    const document = await storedDocument(newcomer)
    const noFiles = await KycDocument.create({
      userId: newcomer.id,
      type: 'passport',
      status: 'declined',
    })
    await drive.use('fs').delete(document.backPath!)
    for (const url of [
      `/kyc/documents/${document.id}/selfie`,
      `/kyc/documents/${document.id}/back`,
      `/kyc/documents/${noFiles.id}/front`,
      `/kyc/documents/999999999/front`,
      `/kyc/documents/99999999999999999999/front`,
      `/kyc/documents/abc/front`,
      `/kyc/documents/-1/front`,
    ]) {
      const response = await client.get(url).loginAs(admin).header('Accept', 'application/json')
      response.assertStatus(404)
    }
  })
})
