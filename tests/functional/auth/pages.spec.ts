import { test } from '@japa/runner'
import { isolate } from '#tests/helpers/isolation'
import { UserFactory } from '#database/factories/user_factory'

const VISITOR_PAGES = [
  { path: '/', component: 'auth/login' },
  { path: '/signup', component: 'auth/signup' },
  { path: '/forgot-password', component: 'auth/forgot_password' },
  { path: '/reset-password/abc123', component: 'auth/reset_password' },
]

test.group('visitor pages', (group) => {
  isolate(group)

  for (const page of VISITOR_PAGES) {
    test(`GET ${page.path} renders ${page.component} with branding and no session`, async ({
      client,
      assert,
    }) => {
      const response = await client.get(page.path).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent(page.component)
      const props = response.inertiaProps
      assert.isNull(props.session)
      assert.equal(props.branding.appName, 'Broker')
      assert.deepEqual(props.branding.recaptcha, { status: 'off', key: null })
      assert.equal(props.branding.emailVerify, 'on')
    })

    test(`GET ${page.path} sends a signed-in user to the dashboard`, async ({ client }) => {
      const customer = await UserFactory.create()
      const response = await client.get(page.path).loginAs(customer).redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/dashboard')
    })
  }

  test('GET / as a full HTML page carries the Inertia page object', async ({ client, assert }) => {
    const response = await client.get('/')
    response.assertStatus(200)
    assert.include(response.text(), 'data-page=')
    assert.include(response.text(), 'auth/login')
  })

  test('the login page shows a notice flashed by the verification link', async ({ client }) => {
    const response = await client
      .get('/')
      .withInertia()
      .withFlashMessages({ notice: 'Your e-mail address is verified. You can log in now.' })
    response.assertInertiaPropsContains({
      notice: 'Your e-mail address is verified. You can log in now.',
    })
  })

  test('a staff member is sent to the dashboard too', async ({ client }) => {
    const admin = await UserFactory.apply('admin').create()
    const response = await client.get('/signup').loginAs(admin).redirects(0)
    response.assertHeader('location', '/dashboard')
  })
})
