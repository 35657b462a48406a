import type { HttpContext } from '@adonisjs/core/http'

// Placeholder until the PayPal adapter lands: the buttons page, order creation and capture.
export default class PaypalController {
  async page({ response }: HttpContext) {
    return response.notFound({ message: 'Not found' })
  }

  async createOrder({ response }: HttpContext) {
    return response.notFound({ message: 'Not found' })
  }

  async capture({ response }: HttpContext) {
    return response.redirect('/deposits?status=failed')
  }
}
