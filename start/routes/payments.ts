import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { Roles } from '#domain/roles'

const ProviderCallbacksController = () =>
  import('#controllers/payments/provider_callbacks_controller')
const PaypalController = () => import('#controllers/payments/paypal_controller')

/*
 * Providers' confirmations (webhook, IPN, status URL): public, exempt from
 * CSRF (config/shield.ts); each adapter verifies the provider's signature.
 */
router
  .post('/payments/:gateway/notify', [ProviderCallbacksController, 'notify'])
  .as('payments.notify')
  .where('gateway', /^[a-z]{2,20}$/)

/* The customer's side of an online payment. */
router
  .group(() => {
    router
      .get('/payments/paypal/capture/:orderId', [PaypalController, 'capture'])
      .as('payments.paypal.capture')
      .where('orderId', /^[A-Za-z0-9-]{1,64}$/)
    router
      .get('/payments/:gateway/return/:txRef', [ProviderCallbacksController, 'return'])
      .as('payments.return')
      .where('gateway', /^[a-z]{2,20}$/)
      .where('txRef', /^[0-9a-f-]{36}$/)
    router
      .get('/payments/paypal/:txRef', [PaypalController, 'page'])
      .as('payments.paypal.page')
      .where('txRef', /^[0-9a-f-]{36}$/)
    router
      .post('/payments/paypal/:txRef', [PaypalController, 'createOrder'])
      .as('payments.paypal.create')
      .where('txRef', /^[0-9a-f-]{36}$/)
  })
  .use([middleware.auth(), middleware.role({ roles: [Roles.CUSTOMER] })])
