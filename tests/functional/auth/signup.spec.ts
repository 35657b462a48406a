import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import Profile from '#models/profile'
import PromoCode from '#models/promo_code'
import VerifyEmailNotification from '#mails/verify_email_notification'
import settings from '#services/settings_service'
import { isolate } from '#tests/helpers/isolation'
import { api, fieldErrors } from '#tests/helpers/http'
import { signupPayload } from '#tests/helpers/signup'
import { DEMO, balanceMatchesLedger, ledgerOf, walletsOf } from '#tests/helpers/users'
import { linkIn, pathOf } from '#tests/helpers/mails'

async function counts() {
  const [users, profiles, balances, ledger] = await Promise.all(
    ['users', 'profiles', 'balances', 'ledger_entries'].map(async (table) => {
      const row = await db.from(table).count('* as total').first()
      return Number(row.total)
    })
  )
  return { users, profiles, balances, ledger }
}

test.group('POST /auth/signup', (group) => {
  isolate(group)

  test('creates a customer with a profile, a credited demo wallet and an empty real wallet', async ({
    client,
    assert,
  }) => {
    const response = await api(client, 'post', '/auth/signup', signupPayload())
    response.assertStatus(201)

    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.equal(user.roleId, 3)
    assert.equal(user.fullName, 'Tina Tester')
    assert.isTrue(user.isActive)
    assert.isNull(user.pricingTableId)
    assert.notEqual(user.password, 'secret-pass-1')

    const profile = await Profile.findByOrFail('user_id', user.id)
    assert.equal(profile.phone, '+34 600 123 456')
    assert.equal(profile.birthDate?.toISODate(), '1990-05-17')
    assert.equal(profile.country, 'Spain')
    assert.equal(profile.city, 'Madrid')
    assert.equal(profile.address, 'Calle Mayor 1')
    assert.equal(profile.postalCode, '28013')

    const wallets = await walletsOf(user)
    assert.lengthOf(wallets, 2)
    const demo = wallets.find((w) => w.mode === 'demo')!
    const real = wallets.find((w) => w.mode === 'real')!
    assert.equal(demo.currency, 'EUR')
    assert.equal(real.currency, 'EUR')
    assert.equal(demo.balance, '10000')
    assert.equal(real.balance, '0')
    assert.equal(user.activeBalanceId, demo.id)

    const { entries } = await ledgerOf(demo.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].type, 'demo_credit')
    assert.equal(entries[0].amount, '10000')
    assert.equal(entries[0].balanceAfter, '10000')
    assert.isTrue(await balanceMatchesLedger(demo.id))
    assert.lengthOf((await ledgerOf(real.id)).entries, 0)
  })

  test('does not sign the new user in', async ({ client }) => {
    const response = await api(client, 'post', '/auth/signup', signupPayload())
    response.assertStatus(201)
    response.assertSessionMissing('auth_web')
  })

  test('the demo balance follows the site setting', async ({ client, assert }) => {
    await settings.put('demoBalance', { value1: '2500.50' })
    ;(await api(client, 'post', '/auth/signup', signupPayload())).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const demo = (await walletsOf(user)).find((w) => w.mode === 'demo')!
    assert.equal(demo.balance, '2500.5')
    assert.isTrue(await balanceMatchesLedger(demo.id))
  })

  test('birth date is optional', async ({ client, assert }) => {
    const payload: Record<string, unknown> = signupPayload()
    delete payload.birthDate
    ;(await api(client, 'post', '/auth/signup', payload)).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.isNull((await Profile.findByOrFail('user_id', user.id)).birthDate)
  })

  test('with emailVerify off: created, verified, no mail, and the user can log in at once', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    await settings.put('emailVerify', { value1: 'off' })
    const response = await api(client, 'post', '/auth/signup', signupPayload())
    response.assertStatus(201)
    assert.equal(response.body().message, 'Your account has been created successfully.')
    assert.isFalse(response.body().emailVerify)
    mails.assertNoneSent()
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.isTrue(user.isEmailVerified)

    const login = await api(client, 'post', '/auth/login', {
      email: 'tina.tester@example.com',
      password: 'secret-pass-1',
    })
    login.assertStatus(200)
  })

  test('with emailVerify on: a signed link is mailed; login is refused until it is followed', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const response = await api(client, 'post', '/auth/signup', signupPayload())
    response.assertStatus(201)
    assert.isTrue(response.body().emailVerify)
    assert.match(response.body().message, /verification e-mail/)

    mails.assertSent(VerifyEmailNotification, ({ message }) =>
      message.hasTo('tina.tester@example.com')
    )
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.isFalse(user.isEmailVerified)

    const refused = await api(client, 'post', '/auth/login', {
      email: 'tina.tester@example.com',
      password: 'secret-pass-1',
    })
    refused.assertStatus(403)

    const [sent] = mails.sent((m) => m instanceof VerifyEmailNotification)
    const link = linkIn(sent, '/verify-email/')
    assert.equal(link.pathname, `/verify-email/${user.id}`)
    assert.isOk(link.searchParams.get('signature'))

    const visit = await client.get(pathOf(link)).redirects(0)
    visit.assertStatus(302)
    visit.assertHeader('location', '/')
    visit.assertFlashMessage('notice', 'Your e-mail address is verified. You can log in now.')
    await user.refresh()
    assert.isTrue(user.isEmailVerified)
    assert.isNotNull(user.emailVerifiedAt)

    const login = await api(client, 'post', '/auth/login', {
      email: 'tina.tester@example.com',
      password: 'secret-pass-1',
    })
    login.assertStatus(200)
  })

  test('stores a valid promo code with the user', async ({ client, assert }) => {
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ promoCode: 'WELCOME2026' })
    )
    response.assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const promo = await PromoCode.findByOrFail('code', 'WELCOME2026')
    assert.equal(user.promoCodeId, promo.id)
  })

  test('a promo code is accepted in any case and with surrounding spaces', async ({
    client,
    assert,
  }) => {
    ;(
      await api(client, 'post', '/auth/signup', signupPayload({ promoCode: ' welcome2026 ' }))
    ).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const promo = await PromoCode.findByOrFail('code', 'WELCOME2026')
    assert.equal(user.promoCodeId, promo.id)
  })

  test('an empty promo code is the same as none', async ({ client, assert }) => {
    ;(await api(client, 'post', '/auth/signup', signupPayload({ promoCode: '' }))).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.isNull(user.promoCodeId)
  })

  test('an unknown or inactive promo code answers 422 under promoCode and writes nothing', async ({
    client,
    assert,
  }) => {
    const before = await counts()
    const unknown = await api(client, 'post', '/auth/signup', signupPayload({ promoCode: 'NOPE' }))
    unknown.assertStatus(422)
    assert.equal(fieldErrors(unknown.body()).promoCode, 'Invalid promo code')

    await PromoCode.query().where('code', 'WELCOME2026').update({ is_active: false })
    const inactive = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ promoCode: 'WELCOME2026' })
    )
    inactive.assertStatus(422)
    assert.deepEqual(await counts(), before)
  })

  test('a registered e-mail answers 422 under email, in any letter case, and writes nothing', async ({
    client,
    assert,
  }) => {
    const before = await counts()
    for (const email of [DEMO.customer, 'CUSTOMER@demo.test', ' Customer@Demo.Test ']) {
      const response = await api(client, 'post', '/auth/signup', signupPayload({ email }))
      response.assertStatus(422)
      assert.equal(fieldErrors(response.body()).email, 'This email is already registered', email)
    }
    assert.deepEqual(await counts(), before)
  })

  test('the e-mail is stored in lower case', async ({ client, assert }) => {
    ;(
      await api(client, 'post', '/auth/signup', signupPayload({ email: 'Mixed.Case@Example.COM' }))
    ).assertStatus(201)
    assert.isNotNull(await User.findBy('email', 'mixed.case@example.com'))
  })

  test('every required field has the form message', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/signup', {})
    response.assertStatus(422)
    const errors = fieldErrors(response.body())
    assert.equal(errors.fullName, 'Full name is required')
    assert.equal(errors.email, 'Email is required')
    assert.equal(errors.password, 'Password is required')
    assert.equal(errors.passwordConfirmation, 'Passwords must match')
    assert.equal(errors.phone, 'Phone number is required')
    assert.equal(errors.country, 'Country is required')
    assert.equal(errors.city, 'City is required')
    assert.equal(errors.address, 'Address is required')
    assert.equal(errors.postalCode, 'Postal code is required')
    assert.equal(errors.currency, 'Currency is required')
    assert.notProperty(errors, 'birthDate')
    assert.notProperty(errors, 'promoCode')
    assert.notProperty(errors, 'humanKey')
  })

  test('blank strings count as missing and nothing is written', async ({ client, assert }) => {
    const before = await counts()
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ fullName: '   ', city: ' ', address: '', postalCode: '  ', phone: '' })
    )
    response.assertStatus(422)
    const errors = fieldErrors(response.body())
    assert.equal(errors.fullName, 'Full name must be at least 2 characters')
    assert.equal(errors.city, 'City is required')
    assert.equal(errors.address, 'Address is required')
    assert.equal(errors.postalCode, 'Postal code is required')
    assert.equal(errors.phone, 'Phone number is required')
    assert.deepEqual(await counts(), before)
  })

  test('password rules: at least 8 characters and confirmation must match', async ({
    client,
    assert,
  }) => {
    const short = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ password: 'short', passwordConfirmation: 'short' })
    )
    short.assertStatus(422)
    assert.equal(fieldErrors(short.body()).password, 'Password must be at least 8 characters')

    const mismatch = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ passwordConfirmation: 'something-else' })
    )
    mismatch.assertStatus(422)
    assert.equal(fieldErrors(mismatch.body()).passwordConfirmation, 'Passwords must match')
  })

  test('an unknown country answers 422', async ({ client, assert }) => {
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ country: 'Atlantis' })
    )
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).country, 'Choose a country from the list')
  })

  test('a currency the site does not offer answers 422', async ({ client, assert }) => {
    const response = await api(client, 'post', '/auth/signup', signupPayload({ currency: 'JPY' }))
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).currency, 'Choose one of the offered currencies')
    assert.isNull(await User.findBy('email', 'tina.tester@example.com'))
  })

  test('the offered currencies follow the site setting', async ({ client }) => {
    await settings.put('appCurrency', { value1: 'USD,JPY' })
    ;(await api(client, 'post', '/auth/signup', signupPayload({ currency: 'JPY' }))).assertStatus(
      201
    )
    ;(
      await api(
        client,
        'post',
        '/auth/signup',
        signupPayload({ email: 'x2@example.com', currency: 'EUR' })
      )
    ).assertStatus(422)
  })

  test('an applicant under 18 is refused', async ({ client, assert }) => {
    const d = new Date()
    d.setFullYear(d.getFullYear() - 17)
    const response = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ birthDate: d.toISOString().slice(0, 10) })
    )
    response.assertStatus(422)
    assert.equal(fieldErrors(response.body()).birthDate, 'You must be at least 18 years old')
  })

  test('an invalid birth date or phone answers 422', async ({ client, assert }) => {
    const date = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ birthDate: '17/05/1990' })
    )
    date.assertStatus(422)
    assert.equal(fieldErrors(date.body()).birthDate, 'Enter a valid birth date')

    const old = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ birthDate: '1850-01-01' })
    )
    old.assertStatus(422)

    const phone = await api(
      client,
      'post',
      '/auth/signup',
      signupPayload({ phone: 'call me maybe' })
    )
    phone.assertStatus(422)
    assert.equal(fieldErrors(phone.body()).phone, 'Enter a valid phone number')
  })

  test('the role cannot be chosen by the applicant', async ({ client, assert }) => {
    ;(
      await api(
        client,
        'post',
        '/auth/signup',
        signupPayload({ roleId: 1, role_id: 1, isEmailVerified: true })
      )
    ).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    assert.equal(user.roleId, 3)
    assert.isFalse(user.isEmailVerified)
  })
})

test.group('GET /verify-email/:id', (group) => {
  isolate(group)

  async function signUpAndGetLink() {
    const { mails } = mail.fake()
    return { mails }
  }

  test('a tampered, expired or foreign link does not verify', async ({ client, assert }) => {
    const { mails } = await signUpAndGetLink()
    ;(await api(client, 'post', '/auth/signup', signupPayload())).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const link = linkIn(mails.sent()[0], '/verify-email/')

    const invalid = 'This verification link is invalid or has expired. Log in to receive a new one.'

    // Another user's id with this signature.
    const foreign = new URL(link)
    foreign.pathname = `/verify-email/${user.id - 1}`
    // A changed e-mail in the query.
    const otherEmail = new URL(link)
    otherEmail.searchParams.set('email', DEMO.customer)
    // A broken signature.
    const badSignature = new URL(link)
    badSignature.searchParams.set('signature', `${link.searchParams.get('signature')}x`)
    // No signature at all.
    const unsigned = new URL(link)
    unsigned.searchParams.delete('signature')

    for (const url of [foreign, otherEmail, badSignature, unsigned]) {
      const response = await client.get(pathOf(url)).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/')
      response.assertFlashMessage('notice', invalid)
    }
    await user.refresh()
    assert.isFalse(user.isEmailVerified)
  })

  test('an expired link does not verify', async ({ client, assert }) => {
    mail.fake()
    ;(await api(client, 'post', '/auth/signup', signupPayload())).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')

    const router = (await import('@adonisjs/core/services/router')).default
    const expired = router
      .builder()
      .params({ id: user.id })
      .qs({ email: user.email })
      .makeSigned('auth.verify_email', { expiresIn: -60_000 })
    const response = await client.get(expired).redirects(0)
    response.assertStatus(302)
    await user.refresh()
    assert.isFalse(user.isEmailVerified)
  })

  test('a link for an address that changed since it was sent does not verify', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    ;(await api(client, 'post', '/auth/signup', signupPayload())).assertStatus(201)
    const user = await User.findByOrFail('email', 'tina.tester@example.com')
    const link = linkIn(mails.sent()[0], '/verify-email/')
    user.email = 'changed@example.com'
    await user.save()
    ;(await client.get(pathOf(link)).redirects(0)).assertStatus(302)
    await user.refresh()
    assert.isFalse(user.isEmailVerified)
  })

  test('a non-numeric id is refused without an error', async ({ client }) => {
    // The one id rule (app/domain/ids.ts): an id that is not plain decimal matches no route.
    const response = await client.get('/verify-email/abc?email=x&signature=y').redirects(0)
    response.assertStatus(404)
  })
})

test.group('User e-mail normalization', (group) => {
  isolate(group)

  test('the model stores e-mail lower-case on every write path', async ({ assert }) => {
    const user = await User.create({
      fullName: 'Case Test',
      email: '  MiXed.Case@Example.COM ',
      password: 'whatever-123',
      roleId: 3,
    })
    assert.equal(user.email, 'mixed.case@example.com')
    const stored = await User.findByOrFail('email', 'mixed.case@example.com')
    assert.equal(stored.id, user.id)
  })
})
