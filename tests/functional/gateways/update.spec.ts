import { test } from '@japa/runner'
import PaymentGateway from '#models/payment_gateway'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { configureGateway } from '#tests/helpers/deposits'
import { upload } from '#tests/helpers/kyc'
import { UserFactory } from '#database/factories/user_factory'
import {
  BAD_UPLOADS,
  OVERSIZED_PNG,
  forgetPublicFile,
  multipart,
  publicFileExists,
  removePublicFilesAfterEach,
} from '#tests/helpers/public_files'

const gateway = (value: string) => PaymentGateway.findByOrFail('value', value)
/** An acting admin made by the test (no test here compares the staff member's id). */
const admin = () => UserFactory.apply('admin').create()

test.group('PUT /admin/gateways/:gateway', (group) => {
  isolate(group)
  removePublicFilesAfterEach(group)

  test('configures an automatic gateway: keys, fee, switch; the toast names it; the answer holds no secret', async ({
    client,
    assert,
  }) => {
    const response = await multipart(client, 'put', '/admin/gateways/stripe', await admin(), {
      name: 'Stripe',
      key1: 'sk_test_51_new_secret_key',
      key2: 'whsec_new_signing_secret',
      fee: '2.75',
      isActive: 'true',
    })
    response.assertStatus(200)
    assert.equal(response.body().message, 'Stripe updated successfully')
    assert.notInclude(response.text(), 'sk_test_51_new_secret_key')
    assert.notInclude(response.text(), 'whsec_new_signing_secret')
    assert.containsSubset(response.body().gateway, {
      value: 'stripe',
      fee: '2.75',
      isActive: true,
      offered: true,
      secretsSet: { key1: true, key2: true },
    })

    const row = await gateway('stripe')
    assert.equal(row.key1, 'sk_test_51_new_secret_key')
    assert.equal(row.key2, 'whsec_new_signing_secret')
    assert.equal(row.fee, '2.75')
    assert.isTrue(row.isActive)
  })

  test('a blank secret keeps the stored one; a blank shown field clears it; an absent field is left alone', async ({
    client,
    assert,
  }) => {
    await configureGateway(
      'paypal',
      { key1: 'client-old', key2: 'paypal-secret-old', key3: 'sandbox', key4: 'WH-1' },
      { fee: '1' }
    )
    const response = await multipart(client, 'put', '/admin/gateways/paypal', await admin(), {
      key1: 'client-new',
      key2: '',
      key4: '',
    })
    response.assertStatus(200)
    const row = await gateway('paypal')
    assert.equal(row.key1, 'client-new')
    assert.equal(row.key2, 'paypal-secret-old')
    assert.isNull(row.key4)
    assert.equal(row.key3, 'sandbox')
    assert.equal(row.fee, '1')
    assert.equal(row.name, 'PayPal')
  })

  test('a secret is erased only on purpose: clear[] lists it', async ({ client, assert }) => {
    await configureGateway('flutterwave', {
      key1: 'FLWPUBK-1',
      key2: 'FLWSECK-1',
      key3: 'enc-1',
      key4: 'hash-1',
    })
    const response = await multipart(client, 'put', '/admin/gateways/flutterwave', await admin(), {
      key2: 'typed-but-cleared',
      clear: ['key2', 'key4'],
    })
    response.assertStatus(200)
    assert.containsSubset(response.body().gateway.secretsSet, {
      key2: false,
      key3: true,
      key4: false,
    })
    const row = await gateway('flutterwave')
    assert.isNull(row.key2)
    assert.isNull(row.key4)
    assert.equal(row.key3, 'enc-1')
    assert.equal(row.key1, 'FLWPUBK-1')

    // Only a secret of this kind can be cleared.
    const shown = await multipart(client, 'put', '/admin/gateways/flutterwave', await admin(), {
      clear: ['key1'],
    })
    shown.assertStatus(422)
    assert.equal(
      fieldErrors(shown.body())['clear.0'],
      'Only a secret key of this gateway can be cleared'
    )
  })

  test('the name may be changed, and the toast uses the saved name', async ({ client, assert }) => {
    const response = await multipart(client, 'put', '/admin/gateways/bank', await admin(), {
      name: '  Wire Transfer ',
    })
    response.assertStatus(200)
    assert.equal(response.body().message, 'Wire Transfer updated successfully')
    assert.equal((await gateway('bank')).name, 'Wire Transfer')

    for (const name of [' ', '']) {
      const blank = await multipart(client, 'put', '/admin/gateways/bank', await admin(), { name })
      blank.assertStatus(422)
      assert.equal(fieldErrors(blank.body()).name, 'Name is required')
    }
    assert.equal((await gateway('bank')).name, 'Wire Transfer')
  })

  test('fee: a percent from 0 to 100 with at most 4 decimals', async ({ client, assert }) => {
    const cases: [string, string | null][] = [
      ['-1', 'Fee must be a number from 0 to 100'],
      ['100.0001', 'Fee must be a number from 0 to 100'],
      ['101', 'Fee must be a number from 0 to 100'],
      ['1.23456', 'Fee can have at most 4 decimals'],
      ['abc', 'Fee must be a number from 0 to 100'],
      ['1e2', 'Fee must be a number from 0 to 100'],
      ['', 'Fee is required'],
      ['0', null],
      ['100', null],
      ['12.3456', null],
    ]
    for (const [fee, message] of cases) {
      const response = await multipart(client, 'put', '/admin/gateways/usdt', await admin(), {
        fee,
      })
      if (message) {
        assert.equal(response.status(), 422, `fee ${fee}`)
        assert.equal(fieldErrors(response.body()).fee, message, `fee ${fee}`)
      } else {
        response.assertStatus(200)
        assert.equal((await gateway('usdt')).fee, fee, `fee ${fee}`)
      }
    }
    // As JSON too, a number is read as its text, never as a float.
    const json = await api(client, 'put', '/admin/gateways/usdt', { fee: 0.1 }).loginAs(
      await admin()
    )
    json.assertStatus(200)
    assert.equal((await gateway('usdt')).fee, '0.1')
    const negative = await api(client, 'put', '/admin/gateways/usdt', { fee: -3 }).loginAs(
      await admin()
    )
    negative.assertStatus(422)
    assert.equal((await gateway('usdt')).fee, '0.1')
  })

  test('paypal mode must be one of its options; lengths are bounded', async ({
    client,
    assert,
  }) => {
    const mode = await multipart(client, 'put', '/admin/gateways/paypal', await admin(), {
      key3: 'production',
    })
    mode.assertStatus(422)
    assert.equal(fieldErrors(mode.body()).key3, 'Mode must be one of sandbox, live')
    const live = await multipart(client, 'put', '/admin/gateways/paypal', await admin(), {
      key3: 'live',
    })
    live.assertStatus(200)
    assert.equal((await gateway('paypal')).key3, 'live')

    const before = { bank: (await gateway('bank')).key3, stripe: (await gateway('stripe')).key1 }
    const long = await multipart(client, 'put', '/admin/gateways/bank', await admin(), {
      key3: 'X'.repeat(256),
      name: 'N'.repeat(81),
    })
    long.assertStatus(422)
    assert.deepInclude(fieldErrors(long.body()), {
      key3: 'IBAN or Account Number must be at most 255 characters',
      name: 'Name must be at most 80 characters',
    })
    const secret = await multipart(client, 'put', '/admin/gateways/stripe', await admin(), {
      key1: 's'.repeat(1001),
    })
    secret.assertStatus(422)
    assert.equal(fieldErrors(secret.body()).key1, 'Secret Key must be at most 1000 characters')
    assert.notInclude(secret.text(), 'sssssssss')
    // Nothing was written by the refused requests.
    assert.equal((await gateway('bank')).key3, before.bank)
    assert.equal((await gateway('stripe')).key1, before.stripe)
  })

  test('an unknown gateway name is 404', async ({ client }) => {
    for (const name of ['nosuch', 'Stripe', 'stripe2', 'a']) {
      const response = await multipart(client, 'put', `/admin/gateways/${name}`, await admin(), {
        fee: '1',
      })
      response.assertStatus(404)
    }
  })

  test('kinds without fee or switch ignore them (bank, prmoney)', async ({ client, assert }) => {
    for (const value of ['bank', 'prmoney']) {
      const response = await multipart(client, 'put', `/admin/gateways/${value}`, await admin(), {
        fee: '-5',
        isActive: 'true',
      })
      response.assertStatus(200)
      const row = await gateway(value)
      assert.equal(row.fee, '0')
      assert.isFalse(row.isActive)
    }
  })

  test('a logo is stored publicly under a random name and served to anyone; a new one replaces and removes the old', async ({
    client,
    assert,
  }) => {
    const first = await multipart(
      client,
      'put',
      '/admin/gateways/btc',
      await admin(),
      { key1: 'bc1qexampleaddress' },
      { file: upload('png', 'qr.png') }
    )
    first.assertStatus(200)
    const stored = (await gateway('btc')).logoPath!
    forgetPublicFile(stored)
    assert.match(stored, /^gateways\/[0-9a-f-]{36}\.png$/)
    assert.isTrue(await publicFileExists(stored))
    const url = first.body().gateway.logo.url
    assert.equal(url, `/uploads/${stored}`)

    const served = await client.get(url)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/png')

    // Named .png but a JPEG by content: stored as what it is.
    const second = await multipart(
      client,
      'put',
      '/admin/gateways/btc',
      await admin(),
      {},
      { file: upload('jpeg', 'qr.png') }
    )
    second.assertStatus(200)
    const replaced = (await gateway('btc')).logoPath!
    forgetPublicFile(replaced)
    assert.match(replaced, /^gateways\/[0-9a-f-]{36}\.jpg$/)
    assert.isTrue(await publicFileExists(replaced))
    assert.isFalse(await publicFileExists(stored))
    ;(await client.get(url)).assertStatus(404)

    // Removing it on purpose.
    const removed = await multipart(client, 'put', '/admin/gateways/btc', await admin(), {
      removeFile: 'true',
    })
    removed.assertStatus(200)
    assert.isNull(removed.body().gateway.logo)
    assert.isNull((await gateway('btc')).logoPath)
    assert.isFalse(await publicFileExists(replaced))
  })

  test('the file must be a real PNG, JPEG or WebP picture of at most 1 MB', async ({
    client,
    assert,
  }) => {
    const ok = await multipart(
      client,
      'put',
      '/admin/gateways/stripe',
      await admin(),
      {},
      { file: upload('webp', 'logo.webp') }
    )
    ok.assertStatus(200)
    const kept = (await gateway('stripe')).logoPath!
    forgetPublicFile(kept)

    for (const [label, file] of Object.entries(BAD_UPLOADS)) {
      const response = await multipart(
        client,
        'put',
        '/admin/gateways/stripe',
        await admin(),
        { fee: '3' },
        { file }
      )
      response.assertStatus(422)
      assert.equal(
        fieldErrors(response.body()).file,
        'Logo must be a PNG, JPEG or WebP image',
        label
      )
    }
    const big = await multipart(
      client,
      'put',
      '/admin/gateways/stripe',
      await admin(),
      {},
      { file: OVERSIZED_PNG }
    )
    big.assertStatus(422)
    assert.equal(fieldErrors(big.body()).file, 'Logo must be at most 1 MB')

    // The QR code kinds name the file as their form does.
    const qr = await multipart(
      client,
      'put',
      '/admin/gateways/usdt',
      await admin(),
      {},
      { file: BAD_UPLOADS['an SVG'] }
    )
    qr.assertStatus(422)
    assert.equal(fieldErrors(qr.body()).file, 'QR Code must be a PNG, JPEG or WebP image')

    // Nothing changed by the refusals.
    const row = await gateway('stripe')
    assert.equal(row.logoPath, kept)
    assert.equal(row.fee, '0')
    assert.isTrue(await publicFileExists(kept))
  })

  test('garbage in any field is refused with a 4xx, never a 500', async ({ client, assert }) => {
    const garbage: unknown[] = [
      null,
      true,
      1e308,
      ['a'],
      { a: 1 },
      'x'.repeat(100_000),
      '<script>alert(1)</script>',
    ]
    for (const field of [
      'name',
      'key1',
      'key2',
      'key3',
      'fee',
      'isActive',
      'clear',
      'file',
      'removeFile',
    ]) {
      for (const value of garbage) {
        const response = await api(client, 'put', '/admin/gateways/paypal', {
          [field]: value,
        }).loginAs(await admin())
        assert.isBelow(response.status(), 500, `${field} = ${JSON.stringify(value)?.slice(0, 40)}`)
      }
    }
  })
})
