import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import limiter from '@adonisjs/limiter/services/main'
import KycDocument from '#models/kyc_document'
import Notification from '#models/notification'
import { signedInBrowser } from '#tests/helpers/browser_session'
import { freshCustomer, signedIn } from '#tests/helpers/race'
import { DEMO } from '#tests/helpers/users'
import { SAMPLES } from '#tests/helpers/kyc'

/* These tests run WITHOUT the shared rolled-back transaction (see tests/helpers/race.ts). */

/** An admin signed in through the forms (password, then the code step). */
const adminSession = () => signedInBrowser(DEMO.admin)

function kycForm() {
  const form = new FormData()
  form.append('type', 'passport')
  form.append('front', new Blob([SAMPLES.png], { type: 'image/png' }), 'front.png')
  form.append('back', new Blob([SAMPLES.jpeg], { type: 'image/jpeg' }), 'back.jpg')
  form.append('address', new Blob([SAMPLES.pdf], { type: 'application/pdf' }), 'bill.pdf')
  return form
}

test.group('KYC under concurrent requests', (group) => {
  group.each.setup(() => limiter.clear(['memory']))

  test('10 approvals of one document at once: applied once, one notification', async ({
    assert,
  }) => {
    const { user } = await freshCustomer('0')
    const document = await KycDocument.create({
      userId: user.id,
      type: 'passport',
      status: 'pending',
    })
    const admins = await Promise.all([adminSession(), adminSession()])

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admins[i % 2].post(`/admin/kyc/${document.id}/approve`))
    )
    const statuses = responses.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
    assert.equal(statuses.filter((s) => s === 409).length, 9, statuses.join(','))
    assert.isTrue(
      responses
        .filter((r) => r.status === 409)
        .every((r) => r.body.message === 'This document is already approved')
    )

    await document.refresh()
    assert.equal(document.status, 'approved')
    const notes = await Notification.query()
      .where('user_id', user.id)
      .where('title', 'KYC approved')
    assert.lengthOf(notes, 1)
  })

  test('5 submissions of one customer at once: one is kept, the others refused and their files removed', async ({
    assert,
  }) => {
    const { user } = await freshCustomer('0')
    const browser = await signedIn(user)
    try {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => browser.postForm('/kyc', kycForm()))
      )
      const statuses = responses.map((r) => r.status)
      assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','))
      assert.equal(statuses.filter((s) => s === 409).length, 4, statuses.join(','))

      const documents = await KycDocument.query().where('user_id', user.id)
      assert.lengthOf(documents, 1)
      const stored = (await drive.use('fs').listAll(`kyc/${user.id}`, { recursive: true })).objects
      const keys = [...stored].flatMap((o) => ('key' in o ? [o.key] : [])).sort()
      const [kept] = documents
      assert.deepEqual(keys, [kept.frontPath, kept.backPath, kept.addressPath].sort())
    } finally {
      await drive.use('fs').deleteAll(`kyc/${user.id}`)
    }
  })
})
