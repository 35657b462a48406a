import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import sharp from 'sharp'
import KycDocument from '#models/kyc_document'
import Deposit from '#models/deposit'
import ExternalPayment from '#models/external_payment'
import PaymentGateway from '#models/payment_gateway'
import type User from '#models/user'
import { DOCUMENT_KINDS } from '#domain/file_kinds'
import { isolate } from '#tests/helpers/isolation'
import { fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import { forgetFile, removeKycFilesAfterEach, upload } from '#tests/helpers/kyc'
import { pendingDeposit, withoutOtherDeposits } from '#tests/helpers/deposits'
import {
  forgetPublicFile,
  multipart,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'
import { uploadCorpus, type CorpusFile } from '#tests/fixtures/uploads/corpus'
import Setting from '#models/setting'
import { postSiteSettings, stored as storedSetting } from '#tests/helpers/site_settings'

/*
| Issue 9, items 6 and 7: the upload corpus posted to every upload endpoint,
| as the role that may use it. Refused samples: 422 under the field, and
| nothing written (the rows as they were, no new file on either disk).
| Accepted samples: what is stored decodes as the kind it claims and holds
| none of the injected text; private files are served with their stored
| type, Content-Disposition and nosniff.
*/

const corpus = await uploadCorpus()

/** Every file on both disks (relative keys), to see that a refusal writes nothing. */
async function filesOnDisks(): Promise<Set<string>> {
  const all = new Set<string>()
  for (const root of ['storage/private', 'storage/public']) {
    const entries = await readdir(app.makePath(root), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => [])
    for (const entry of entries)
      if (entry.isFile()) all.add(`${entry.parentPath ?? entry.path}/${entry.name}`)
  }
  return all
}

interface Endpoint {
  /** What the test titles call it. */
  title: string
  field: string
  /** Whether it takes PDFs (documents) or images only (public pictures). */
  documents: boolean
  disk: 'fs' | 'public'
  /** Prepares what the endpoint needs; answers the call and how to read what it wrote. */
  setup(): Promise<{
    send(client: ApiClient, sample: CorpusFile): Promise<ApiResponse>
    /** The rows the endpoint writes, to compare before and after a refusal. */
    state(): Promise<unknown>
    /** The stored key after an accepted upload. */
    storedKey(): Promise<string | null>
    /** The route serving the stored private file, if any. */
    servedAt?(): Promise<{ url: string; user: User }>
  }>
}

const asFile = (sample: CorpusFile) => ({
  bytes: sample.bytes,
  filename: sample.filename,
  contentType: sample.contentType,
})

const ENDPOINTS: Endpoint[] = [
  {
    title: 'POST /kyc (customer)',
    field: 'front',
    documents: true,
    disk: 'fs',
    async setup() {
      // A customer with no KYC submission yet.
      const newcomer = await UserFactory.create()
      const latest = () =>
        KycDocument.query().where('user_id', newcomer.id).orderBy('id', 'desc').first()
      return {
        send(client, sample) {
          let request = client
            .post('/kyc')
            .header('Accept', 'application/json')
            .loginAs(newcomer)
            .withCsrfToken()
          request = request.field('type', 'passport')
          for (const [side, file] of Object.entries({
            front: asFile(sample),
            back: upload('png'),
            address: upload('pdf'),
          })) {
            request = request.file(side, file.bytes, {
              filename: file.filename,
              contentType: file.contentType,
            })
          }
          return request
        },
        state: async () =>
          (await KycDocument.query().where('user_id', newcomer.id)).map((row) => row.toJSON()),
        async storedKey() {
          const document = await latest()
          for (const key of [document?.backPath, document?.addressPath]) forgetFile(key)
          return document?.frontPath ?? null
        },
        servedAt: async () => ({
          url: `/kyc/documents/${(await latest())!.id}/front`,
          user: newcomer,
        }),
      }
    },
  },
  {
    title: 'PUT /deposits/bank/:id (customer)',
    field: 'proof',
    documents: true,
    disk: 'fs',
    async setup() {
      // KYC approved, as one who could start the deposit is (kycDeposit is on).
      const customer = await UserFactory.apply('kycApproved').create()
      const deposit = await pendingDeposit(customer, 'bank')
      return {
        send(client, sample) {
          const file = asFile(sample)
          return client
            .put(`/deposits/bank/${deposit.id}`)
            .header('Accept', 'application/json')
            .loginAs(customer)
            .withCsrfToken()
            .field('bank_name', 'Sender Bank')
            .field('account_name', 'Carla Customer')
            .field('account_number', 'GB29 NWBK 6016 1331 9268 19')
            .file('proof', file.bytes, { filename: file.filename, contentType: file.contentType })
        },
        state: async () => (await Deposit.findOrFail(deposit.id)).toJSON(),
        storedKey: async () => (await Deposit.findOrFail(deposit.id)).proofPath,
        servedAt: async () => ({ url: `/deposits/${deposit.id}/proof`, user: customer }),
      }
    },
  },
  {
    title: 'PUT /admin/gateways/:gateway (admin)',
    field: 'file',
    documents: false,
    disk: 'public',
    async setup() {
      const admin = await UserFactory.apply('admin').create()
      const row = () => PaymentGateway.findByOrFail('value', 'btc')
      return {
        send: (client, sample) =>
          multipart(client, 'put', '/admin/gateways/btc', admin, {}, { file: asFile(sample) }),
        state: async () => (await row()).toJSON(),
        storedKey: async () => (await row()).logoPath,
      }
    },
  },
  {
    title: 'POST /admin/externalPayments (admin)',
    field: 'logo',
    documents: false,
    disk: 'public',
    async setup() {
      const admin = await UserFactory.apply('admin').create()
      const fields = { name: 'Corpus Pay', link: 'https://pay.example.com/corpus' }
      return {
        send: (client, sample) =>
          multipart(client, 'post', '/admin/externalPayments', admin, fields, {
            logo: asFile(sample),
          }),
        state: async () => (await ExternalPayment.all()).map((row) => row.toJSON()),
        storedKey: async () =>
          (await ExternalPayment.findBy('name', 'Corpus Pay'))?.logoPath ?? null,
      }
    },
  },
  {
    title: 'PUT /admin/externalPayments/:id (admin)',
    field: 'logo',
    documents: false,
    disk: 'public',
    async setup() {
      const admin = await UserFactory.apply('admin').create()
      const payment = await ExternalPayment.create({
        name: 'Before',
        link: 'https://pay.example.com/before',
        logoPath: null,
      })
      const fields = { name: 'After', link: 'https://pay.example.com/after' }
      return {
        send: (client, sample) =>
          multipart(client, 'put', `/admin/externalPayments/${payment.id}`, admin, fields, {
            logo: asFile(sample),
          }),
        state: async () => (await ExternalPayment.findOrFail(payment.id)).toJSON(),
        storedKey: async () => (await ExternalPayment.findOrFail(payment.id)).logoPath,
      }
    },
  },
  {
    title: 'POST /admin/settings appLogo (admin)',
    field: 'appLogo',
    documents: false,
    disk: 'public',
    async setup() {
      const admin = await UserFactory.apply('admin').create()
      return {
        send: (client, sample) =>
          postSiteSettings(client, admin, { appName: 'Corpus' }, { appLogo: asFile(sample) }),
        state: async () => (await Setting.query().orderBy('key')).map((row) => row.toJSON()),
        storedKey: () => storedSetting('appLogo'),
      }
    },
  },
]

for (const endpoint of ENDPOINTS) {
  test.group(`Upload corpus: ${endpoint.title}`, (group) => {
    isolate(group)
    withoutOtherDeposits(group)
    removeKycFilesAfterEach(group)
    removePublicFilesAfterEach(group)

    for (const sample of corpus) {
      const accepted = sample.storedAs !== null && (endpoint.documents || sample.storedAs !== 'pdf')
      if (!accepted) {
        test(`refuses ${sample.name}: 422 under ${endpoint.field}, nothing written`, async ({
          client,
          assert,
        }) => {
          const call = await endpoint.setup()
          const rows = await call.state()
          const files = await filesOnDisks()

          const response = await call.send(client, sample)
          response.assertStatus(422)
          assert.property(fieldErrors(response.body()), endpoint.field)
          assert.deepEqual(await call.state(), rows)
          assert.deepEqual(
            [...(await filesOnDisks())].filter((file) => !files.has(file)),
            []
          )
        })
        continue
      }

      test(`accepts ${sample.name}, stored as a clean ${sample.storedAs}`, async ({
        client,
        assert,
      }) => {
        const call = await endpoint.setup()
        const response = await call.send(client, sample)
        assert.oneOf(response.status(), [200, 201], response.text())
        const key = await call.storedKey()
        if (endpoint.disk === 'fs') forgetFile(key)
        else forgetPublicFile(key)
        const kind = sample.storedAs!
        assert.match(key!, new RegExp(`\\.${DOCUMENT_KINDS[kind].extension}$`))

        const stored = Buffer.from(await drive.use(endpoint.disk).getBytes(key!))
        const text = stored.toString('latin1')
        for (const forbidden of sample.forbidden ?? []) assert.notInclude(text, forbidden)
        if (kind === 'pdf') {
          assert.deepEqual(stored, sample.bytes)
        } else {
          const metadata = await sharp(stored, { failOn: 'error' }).metadata()
          assert.equal(metadata.format, kind)
          assert.isUndefined(metadata.exif)
        }

        if (!call.servedAt) return
        const { url, user } = await call.servedAt()
        const served = await client.get(url).loginAs(user)
        served.assertStatus(200)
        served.assertHeader('content-type', DOCUMENT_KINDS[kind].mime)
        served.assertHeader('x-content-type-options', 'nosniff')
        assert.match(
          served.header('content-disposition') ?? '',
          /^inline; filename="[a-z0-9-]+\.(jpg|png|webp|pdf)"$/
        )
        served.assertHeader('content-length', String(stored.length))
      })
    }
  })
}
