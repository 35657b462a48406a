import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { randomBytes } from 'node:crypto'
import Lead from '#models/lead'
import SalesStatus from '#models/sales_status'
import type User from '#models/user'
import { CSV_COLUMNS, CSV_EXAMPLE } from '#domain/lead_intake'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { auditCount, auditRows } from '#tests/helpers/audit'
import { UserFactory } from '#database/factories/user_factory'
import { aLead } from '#tests/helpers/leads'

const HEADER = CSV_COLUMNS.join(',')
const leadCount = async () => Number((await db.from('leads').count('* as n').first()).n)

function upload(client: ApiClient, user: User, bytes: Buffer | string, filename = 'leads.csv') {
  return client
    .post('/admin/leads/csv')
    .header('Accept', 'application/json')
    .file('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8'), {
      filename,
      contentType: 'text/csv',
    })
    .withCsrfToken()
    .loginAs(user)
}

/** The report a result links to, as its uploader reads it. */
async function reportOf(client: ApiClient, user: User, url: string) {
  const response = await client.get(url).loginAs(user)
  response.assertStatus(200)
  return response.text().trim().split('\r\n')
}

test.group('Leads: CSV upload (POST /admin/leads/csv)', (group) => {
  isolate(group)

  test('the example file imports: two leads on the sales desk, counts, no report; audited', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const example = await client.get('/admin/leads/csv/example').loginAs(admin)
    example.assertStatus(200)
    assert.include(example.header('content-type'), 'text/csv')
    assert.equal(example.text(), CSV_EXAMPLE)

    const response = await upload(client, admin, example.text())
    response.assertStatus(200)
    assert.deepInclude(response.body(), {
      message: 'Leads added successfully',
      rows: 2,
      created: 2,
      duplicates: 0,
      invalid: 0,
      report: null,
    })
    const john = await Lead.query()
      .where('email', 'john.smith@example.com')
      .preload('salesStatus')
      .firstOrFail()
    assert.equal(john.group, 'sales')
    assert.equal(john.source, 'manual')
    assert.equal(john.salesStatus.status, 'New')
    assert.equal(john.leadSourceId, 'src-17')
    assert.equal(john.funnelLink, 'https://example.com/landing')
    const maria = await Lead.findByOrFail('email', 'maria.garcia@example.com')
    assert.equal(maria.lastName, 'García')
    assert.equal(maria.salesStatusId, john.salesStatusId)
    const [audit] = await auditRows({ action: 'lead.import' })
    assert.equal(audit.staff_id, admin.id)
    assert.equal(JSON.parse(audit.changes).created.after, 2)
  })

  test('a re-upload of the same file creates nothing twice: every row a duplicate', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    ;(await upload(client, admin, CSV_EXAMPLE)).assertStatus(200)
    const count = await leadCount()
    const again = await upload(client, admin, CSV_EXAMPLE)
    again.assertStatus(200)
    assert.deepInclude(again.body(), { created: 0, duplicates: 2, invalid: 0 })
    assert.equal(await leadCount(), count)
    const lines = await reportOf(client, admin, again.body().report)
    assert.deepEqual(lines, [
      'row,field,message',
      '2,email,This email is already a lead',
      '3,email,This email is already a lead',
    ])
  })

  test('bad rows are skipped and reported by row, field and message; the good ones land', async ({
    client,
    assert,
  }) => {
    const affiliate = await UserFactory.apply('affiliate').create()
    const account = await UserFactory.create()
    await SalesStatus.create({ status: 'Intake Hot', isDefault: false })
    await aLead({ email: 'already@leads.test' })
    const csv = [
      // Columns in another order, names in another case: matched by name.
      'EMAIL,firstName,lastName,phone,country,city,funnelLink,reference,leadSourceId,leadStatus,extra',
      'good.one@leads.test,Good,One,,,,,,,intake HOT,ignored', // 2: created, status by name (any case)
      'not-an-email,Bad,Mail,,,,,,,,', // 3: invalid email
      ',No,Contact,,,,,,,,', // 4: neither email nor phone
      'good.two@leads.test,Good,Two,,,,,,,Nope,', // 5: unknown status
      'already@leads.test,Dup,Lead,,,,,,,,', // 6: already a lead
      `${account.email},Dup,Account,,,,,,,,`, // 7: already an account
      'GOOD.ONE@leads.test,Twice,InFile,,,,,,,,', // 8: twice in the file
      `x@leads.test,${'y'.repeat(101)},,,,,,,,,`, // 9: first name too long
      ',Phone,Only,+34 600 999 888,,,,,,,', // 10: created (phone only)
      ',Phone,Again,+34 600 999 888,,,,,,,', // 11: same phone twice
      'short@leads.test,Short,Row', // 12: fewer cells: the rest blank, created
    ].join('\n')
    const response = await upload(client, affiliate, csv)
    response.assertStatus(200)
    assert.deepInclude(response.body(), { rows: 11, created: 3, duplicates: 4, invalid: 4 })
    const [header, ...lines] = await reportOf(client, affiliate, response.body().report)
    // Stored duplicates are found per batch on PostgreSQL, so they may follow later rows.
    const byRow = lines.sort((a, b) => Number.parseInt(a) - Number.parseInt(b))
    assert.deepEqual(
      [header, ...byRow],
      [
        'row,field,message',
        '3,email,Invalid email',
        '4,email,Enter an email or a phone',
        '5,leadStatus,Choose a status from the list',
        '6,email,This email is already a lead',
        '7,email,This email already has an account',
        '8,email,This lead is already in the file',
        '9,firstName,First name must be at most 100 characters',
        '11,phone,This lead is already in the file',
      ]
    )
    const good = await Lead.query()
      .where('email', 'good.one@leads.test')
      .preload('salesStatus')
      .firstOrFail()
    assert.equal(good.salesStatus.status, 'Intake Hot')
    assert.equal(good.affiliateId, affiliate.id)
    assert.equal(good.firstName, 'Good')
    assert.isNotNull(await Lead.findBy('email', 'short@leads.test'))
    assert.lengthOf(await Lead.query().where('phone', '+34 600 999 888'), 1)

    // The report is its uploader's only: another staff member (an admin too) gets 404.
    for (const other of [
      await UserFactory.apply('admin').create(),
      await UserFactory.apply('manager').create(),
    ]) {
      ;(await client.get(response.body().report).loginAs(other)).assertStatus(404)
    }
    ;(
      await client.get(`/admin/leads/csv/report/${'a'.repeat(32)}`).loginAs(affiliate)
    ).assertStatus(404)
  })

  test('2,500 rows: more than one batch, all created, their text stored as written', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    // Quotes, a backslash and accents: each batch travels as one JSON text on PostgreSQL.
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `"M""a\\ría 'x'",${i},many${i}@leads.test,,,,,,,`
    )
    const response = await upload(client, admin, [HEADER, ...rows].join('\n'))
    response.assertStatus(200)
    assert.deepInclude(response.body(), { rows: 2500, created: 2500, duplicates: 0, invalid: 0 })
    const leads = await Lead.query().whereLike('email', 'many%@leads.test')
    assert.lengthOf(leads, 2500)
    assert.isTrue(leads.every((lead) => lead.firstName === `M"a\\ría 'x'`))
  }).timeout(30_000)

  test('whole-file refusals are 422 under file and write nothing', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const latin1 = Buffer.from(`${HEADER}\nmaria@leads.test,María,García,,,,,,,\n`, 'latin1')
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${HEADER}\na@leads.test,A,B,,,,,,,\n`, 'utf16le'),
    ])
    const cases: [Buffer | string, string][] = [
      ['firstName,lastName,city\na,b,Paris\n', 'The file needs an email or a phone column'],
      [latin1, 'The file must be UTF-8 text'],
      [utf16, 'The file must be UTF-8 text'],
      [`${HEADER}\n`, 'The file has no leads'],
      ['', 'The file has no leads'],
      [`${HEADER}\na@leads.test,"unclosed,,,,,,,,\n`, 'The file is not a valid CSV file (row 2)'],
      [`${HEADER}\n${'x'.repeat(20_000)}\n`, 'The file is not a valid CSV file (row 2)'],
      // A good row before a broken one: the check is whole-file first, so even it is not written.
      [
        `${HEADER}\nfirst@leads.test,A,B,,,,,,,\n"bad"x,,,,,,,,,\n`,
        'The file is not a valid CSV file (row 3)',
      ],
    ]
    const before = await leadCount()
    const audits = await auditCount()
    for (const [bytes, message] of cases) {
      const response = await upload(client, admin, bytes)
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).file, message, message)
    }
    assert.equal(await leadCount(), before)
    assert.equal(await auditCount(), audits)
  })

  test('10 MB of junk is refused quickly, binary or text', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const binary = randomBytes(10 * 1024 * 1024)
    const text = Buffer.from('lorem ipsum dolor sit amet\n'.repeat(400_000))
    const before = await leadCount()
    for (const [bytes, message] of [
      [binary, 'The file must be UTF-8 text'],
      [text, 'The file needs an email or a phone column'],
    ] as const) {
      const started = Date.now()
      const response = await upload(client, admin, bytes, 'junk.csv')
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).file, message)
      assert.isBelow(Date.now() - started, 5000)
    }
    assert.equal(await leadCount(), before)
  }).timeout(30_000)

  test('no file, a JSON body, another field name: 422 Choose a CSV file', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const json = await api(client, 'post', '/admin/leads/csv', { file: 'x' }).loginAs(admin)
    json.assertStatus(422)
    assert.equal(fieldErrors(json.body()).file, 'Choose a CSV file')
    const other = await client
      .post('/admin/leads/csv')
      .header('Accept', 'application/json')
      .file('upload', Buffer.from(CSV_EXAMPLE), { filename: 'leads.csv' })
      .field('note', 'x')
      .withCsrfToken()
      .loginAs(admin)
    other.assertStatus(422)
    assert.equal(fieldErrors(other.body()).file, 'Choose a CSV file')
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
      const broken = await client
        .post('/admin/leads/csv')
        .header('Accept', 'application/json')
        .header('Content-Type', type)
        .withCsrfToken()
        .loginAs(admin)
      assert.isBelow(broken.status(), 500, broken.text())
      assert.isAtLeast(broken.status(), 400, broken.text())
    }
  })

  test('a file over 50 MB is refused (422) and nothing is written', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const line = 'big@leads.test,A,B,,,,,,,\n'
    const big = Buffer.from(
      HEADER + '\n' + line.repeat(Math.ceil((51 * 1024 * 1024) / line.length))
    )
    const before = await leadCount()
    const response = await upload(client, admin, big)
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).file, 'The file must be at most 50 MB')
    assert.equal(await leadCount(), before)
  }).timeout(60_000)

  test('roles 3, 5 and 6 get 403 on the upload, the example and the report; a visitor 401', async ({
    client,
  }) => {
    for (const user of [
      await UserFactory.create(),
      await UserFactory.apply('agent').create(),
      await UserFactory.apply('retention').create(),
    ]) {
      ;(await upload(client, user, CSV_EXAMPLE)).assertStatus(403)
      ;(
        await client
          .get('/admin/leads/csv/example')
          .header('Accept', 'application/json')
          .loginAs(user)
      ).assertStatus(403)
      ;(
        await client
          .get(`/admin/leads/csv/report/${'a'.repeat(32)}`)
          .header('Accept', 'application/json')
          .loginAs(user)
      ).assertStatus(403)
    }
    ;(
      await client
        .post('/admin/leads/csv')
        .header('Accept', 'application/json')
        .file('file', Buffer.from(CSV_EXAMPLE), { filename: 'leads.csv' })
        .withCsrfToken()
    ).assertStatus(401)
  })
})
