import { Bouncer } from '@adonisjs/bouncer'
import type User from '#models/user'
import { Roles } from '#domain/roles'

/** Only customers hold pricing plans and wallets that trade. */
export const subscribeToPlan = Bouncer.ability((user: User) => user.roleId === Roles.CUSTOMER)
