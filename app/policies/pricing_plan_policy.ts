import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import { Roles } from '#domain/roles'

export default class PricingPlanPolicy extends BasePolicy {
  /** Plans are bought by customers; staff hold no trading wallets. */
  subscribe(user: User): AuthorizerResponse {
    return user.roleId === Roles.CUSTOMER
  }
}
