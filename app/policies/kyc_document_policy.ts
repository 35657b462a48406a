import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type KycDocument from '#models/kyc_document'
import { Roles } from '#domain/roles'

/** Who may see and decide identity documents (admin spec §6: KYC Documents is role 1's). */
export default class KycDocumentPolicy extends BasePolicy {
  /** A submission's files: its owner, and the staff who review them. */
  viewFiles(user: User, document: KycDocument): AuthorizerResponse {
    return document.userId === user.id || user.roleId === Roles.ADMIN
  }

  /** Approve and decline. */
  review(user: User): AuthorizerResponse {
    return user.roleId === Roles.ADMIN
  }
}
