import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { publicFileUrl } from '#services/public_files'
import { SAMPLE_PNG, forgetFile, removeKycFilesAfterEach } from '#tests/helpers/kyc'
import { forgetPublicFile, removePublicFilesAfterEach } from '#tests/helpers/public_files'

test.group('Public files', (group) => {
  removePublicFilesAfterEach(group)
  removeKycFilesAfterEach(group)

  test('publicFileUrl answers the public address of a stored key, null for none', ({ assert }) => {
    assert.isNull(publicFileUrl(null))
    assert.isNull(publicFileUrl(''))
    assert.equal(publicFileUrl('gateways/abc.png'), '/uploads/gateways/abc.png')
    assert.equal(publicFileUrl('external-payments/x y.png'), '/uploads/external-payments/x%20y.png')
  })

  test('a public file is served to anyone (its stored type, nosniff); the private disk is not reachable through /uploads', async ({
    client,
  }) => {
    const key = `gateways/${randomUUID()}.png`
    await drive.use('public').put(key, SAMPLE_PNG)
    forgetPublicFile(key)
    const served = await client.get(publicFileUrl(key)!)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/png')
    served.assertHeader('x-content-type-options', 'nosniff')

    const secret = `kyc/1/${randomUUID()}.png`
    await drive.use('fs').put(secret, SAMPLE_PNG)
    forgetFile(secret)
    for (const path of [
      `/uploads/${secret}`,
      `/uploads/../private/${secret}`,
      `/uploads/%2e%2e/private/${secret}`,
    ]) {
      const response = await client.get(path)
      response.assertStatus(404)
    }
  })
})
