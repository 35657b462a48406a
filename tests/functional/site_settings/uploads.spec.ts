import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import sharp from 'sharp'
import { isolate } from '#tests/helpers/isolation'
import { fieldErrors } from '#tests/helpers/http'
import { UserFactory } from '#database/factories/user_factory'
import { SAMPLES, upload, type Upload } from '#tests/helpers/kyc'
import {
  BAD_UPLOADS,
  forgetPublicFile,
  publicFileExists,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'
import { iconBitmap, icoFile, postSiteSettings, stored } from '#tests/helpers/site_settings'
import { readIco } from '#domain/ico_file'

/*
| Site Settings' files (issue 12 item 5): appIcon, appLogo, authBackground are
| judged by their content, size-limited, stored under a new random name on the
| public disk, served with the type of what they are, and the replaced file
| goes once the new one is committed. A refusal writes nothing.
*/

/** Every file on the public disk, to see that a refusal stored nothing. */
async function publicFiles(): Promise<string[]> {
  const entries = await readdir(app.makePath('storage/public'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath ?? entry.path}/${entry.name}`)
    .sort()
}

const file = (bytes: Buffer, filename: string, contentType = 'image/png'): Upload => ({
  bytes,
  filename,
  contentType,
})

/** Just over `mb` megabytes, starting like a real PNG. */
const bigPng = (mb: number) =>
  file(Buffer.concat([SAMPLES.png, Buffer.alloc(mb * 1024 * 1024 + 1)]), 'big.png')

test.group('Site Settings files', (group) => {
  isolate(group)
  removePublicFilesAfterEach(group)

  test('a logo is stored re-encoded under branding/, served as what it is, shown in branding at once', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await postSiteSettings(
      client,
      admin,
      {},
      { appLogo: upload('jpeg', 'logo.png') }
    )
    response.assertStatus(200)
    const key = (await stored('appLogo'))!
    forgetPublicFile(key)
    // Named by its content (a JPEG), never by the name or type it was sent with.
    assert.match(key, /^branding\/[0-9a-f-]{36}\.jpg$/)
    const bytes = Buffer.from(await drive.use('public').getBytes(key))
    assert.equal((await sharp(bytes).metadata()).format, 'jpeg')

    const served = await client.get(`/uploads/${key}`)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/jpeg')
    served.assertHeader('x-content-type-options', 'nosniff')

    const branding = (await client.get('/login').withInertia()).body().props.branding
    assert.equal(branding.appLogo, `/uploads/${key}`)
    const page = await client.get('/admin/settings').loginAs(admin).withInertia()
    assert.equal(page.body().props.files.appLogo, `/uploads/${key}`)
  })

  test('a new file replaces the old one: the old file is removed after the save; the audit names the keys', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    await postSiteSettings(client, admin, {}, { authBackground: upload('png', 'bg.png') })
    const first = (await stored('authBackground'))!
    forgetPublicFile(first)
    assert.isTrue(await publicFileExists(first))

    await postSiteSettings(client, admin, {}, { authBackground: upload('webp', 'bg.webp') })
    const second = (await stored('authBackground'))!
    forgetPublicFile(second)
    assert.notEqual(second, first)
    assert.isFalse(await publicFileExists(first))
    assert.isTrue(await publicFileExists(second))
    const row = await db.from('audit_logs').orderBy('id', 'desc').first()
    assert.deepEqual(JSON.parse(row.changes), {
      authBackground: { before: first, after: second },
    })

    // A save without a file keeps the stored one.
    ;(await postSiteSettings(client, admin, { appName: 'Kept' })).assertStatus(200)
    assert.equal(await stored('authBackground'), second)
    assert.isTrue(await publicFileExists(second))
    const branding = (await client.get('/signup').withInertia()).body().props.branding
    assert.equal(branding.authBackground, `/uploads/${second}`)
  })

  test('the icon may be an ICO: rebuilt with only its images, served as an icon, in the page head', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const payload = '<html><script>alert(document.cookie)</script></html>'
    const ico = icoFile(
      [
        { data: SAMPLES.png, side: 1 },
        { data: iconBitmap(), side: 2 },
      ],
      payload
    )
    const response = await postSiteSettings(
      client,
      admin,
      {},
      {
        appIcon: file(ico, 'favicon.ico', 'image/x-icon'),
      }
    )
    response.assertStatus(200)
    const key = (await stored('appIcon'))!
    forgetPublicFile(key)
    assert.match(key, /^branding\/[0-9a-f-]{36}\.ico$/)
    const bytes = Buffer.from(await drive.use('public').getBytes(key))
    assert.notInclude(bytes.toString('latin1'), 'script')
    const images = readIco(bytes)!
    assert.deepEqual(
      images.map((image) => image.kind),
      ['png', 'bmp']
    )

    const served = await client.get(`/uploads/${key}`)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/vnd.microsoft.icon')
    // The first page load names the icon and the app in the document head.
    await postSiteSettings(client, admin, { appName: 'Orion Markets' })
    const html = await client.get('/login')
    assert.include(html.text(), `<link rel="icon" href="/uploads/${key}">`)
    assert.include(html.text(), 'Orion Markets</title>')
  })

  test('disguised and wrong files are refused under their field, and nothing is stored', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const filesBefore = await publicFiles()
    const cases: [string, Upload, string][] = [
      [
        'appLogo',
        BAD_UPLOADS['a text file renamed .png'],
        'This file is not a PNG, JPEG or WebP image',
      ],
      [
        'appLogo',
        file(Buffer.from('<html><body><script>alert(1)</script></body></html>'), 'logo.png'),
        'This file is not a PNG, JPEG or WebP image',
      ],
      [
        'appLogo',
        BAD_UPLOADS['an SVG'],
        'SVG files are not accepted: upload a PNG, JPEG or WebP image',
      ],
      [
        'appIcon',
        BAD_UPLOADS['an SVG with an XML prolog, named .png'],
        'SVG files are not accepted: upload a PNG, JPEG, WebP or ICO image',
      ],
      ['authBackground', BAD_UPLOADS['a PDF'], 'This file is not a PNG, JPEG or WebP image'],
      // An ICO is for the icon only.
      [
        'appLogo',
        file(icoFile([{ data: iconBitmap(), side: 2 }]), 'logo.ico', 'image/x-icon'),
        'This file is not a PNG, JPEG or WebP image',
      ],
      [
        'appIcon',
        file(icoFile([{ data: iconBitmap().subarray(0, 44), side: 2 }]), 'broken.ico'),
        'This icon could not be read: it is damaged or not really an ICO file',
      ],
      [
        'appIcon',
        file(Buffer.concat([SAMPLES.png.subarray(0, 40)]), 'cut.png'),
        'This image could not be read: it is damaged, incomplete or not really a JPEG, PNG or WebP image',
      ],
      ['appLogo', bigPng(1), 'App Logo must be at most 1 MB'],
      ['appIcon', bigPng(1), 'App Icon must be at most 1 MB'],
      ['authBackground', bigPng(5), 'Sign-in Background must be at most 5 MB'],
    ]
    for (const [field, sample, message] of cases) {
      const response = await postSiteSettings(
        client,
        admin,
        { appName: 'Not Saved' },
        { [field]: sample }
      )
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body())[field], message, `${field}: ${sample.filename}`)
      assert.isNull(await stored(field))
    }
    assert.equal(await stored('appName'), 'Broker')
    assert.deepEqual(await publicFiles(), filesBefore)
  })

  test('a 1 MB background under its 5 MB limit is fine; a refused second file stores neither', async ({
    client,
    assert,
  }) => {
    const admin = await UserFactory.apply('admin').create()
    const filesBefore = await publicFiles()
    const refused = await postSiteSettings(
      client,
      admin,
      {},
      {
        appLogo: upload('png'),
        appIcon: BAD_UPLOADS['an SVG'],
      }
    )
    refused.assertStatus(422)
    assert.property(fieldErrors(refused.body()), 'appIcon')
    assert.deepEqual(await publicFiles(), filesBefore)

    // A valid file with an invalid text field: the file is not kept either.
    const invalidText = await postSiteSettings(
      client,
      admin,
      { appUrl: '' },
      { appLogo: upload('png') }
    )
    invalidText.assertStatus(422)
    const reCaptcha = await postSiteSettings(
      client,
      admin,
      { recaptchaToggle: 'true' },
      {
        appLogo: upload('png'),
      }
    )
    reCaptcha.assertStatus(422)
    assert.deepEqual(await publicFiles(), filesBefore)
    assert.isNull(await stored('appLogo'))

    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer()
    const accepted = await postSiteSettings(
      client,
      admin,
      {},
      {
        authBackground: file(photo, 'photo.jpg', 'image/jpeg'),
      }
    )
    accepted.assertStatus(200)
    forgetPublicFile(await stored('authBackground'))
  })

  test('two files under one field name are refused', async ({ client, assert }) => {
    const admin = await UserFactory.apply('admin').create()
    const png = upload('png')
    const response = await postSiteSettings(client, admin)
      .file('appLogo', png.bytes, { filename: 'a.png', contentType: 'image/png' })
      .file('appLogo', png.bytes, { filename: 'b.png', contentType: 'image/png' })
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).appLogo, 'App Logo must be a single file')
    assert.isNull(await stored('appLogo'))
  })
})
