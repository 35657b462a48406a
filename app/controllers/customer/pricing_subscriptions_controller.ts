import type { HttpContext } from '@adonisjs/core/http'
import { subscribeToPlan } from '#actions/pricing/subscribe_to_plan'

export default class PricingSubscriptionsController {
  async store({ params, auth, response }: HttpContext) {
    const planId = Number(params.planId)
    const { plan } = await subscribeToPlan(auth.getUserOrFail(), planId)
    return response.ok({ message: `Subscribed to ${plan.name}` })
  }
}
