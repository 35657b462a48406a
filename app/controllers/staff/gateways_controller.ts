import type { HttpContext } from '@adonisjs/core/http'
import { staffContext } from '#services/audit_log'
import { isGatewayValue, type GatewayForm } from '#domain/gateways'
import { gatewaysOfKind } from '#queries/staff_gateways'
import { gatewayCard } from '#transformers/gateway_transformer'
import { gatewayValidators, type GatewayPayload } from '#validators/gateways'
import { PUBLIC_IMAGE_ACCEPT, PUBLIC_IMAGE_MAX_MB } from '#domain/public_images'
import { numbersAsText } from '#validators/rules'
import { updateGateway } from '#actions/gateways/update_gateway'
import { discardUploads } from '#services/kyc_files'
import { NotFoundException } from '#exceptions/not_found_exception'

/**
 * Automatic and Manual Gateways (admin spec §2 Gateways, §3 Payment gateway,
 * §7 PUT /admin/gateways/{name}). Role 1. Secrets never reach the page.
 */
export default class GatewaysController {
  /** GET /admin/gateways: the Automatic Gateways grid. */
  async automatic(ctx: HttpContext) {
    return this.grid(ctx, 'automatic', 'staff/gateways/automatic')
  }

  /** GET /admin/gateways/manual: the Manual Gateways grid. */
  async manual(ctx: HttpContext) {
    return this.grid(ctx, 'manual', 'staff/gateways/manual')
  }

  /** PUT /admin/gateways/:gateway (multipart name, key1..key5, fee, isActive, file) → { message, gateway } */
  async update(ctx: HttpContext) {
    const { params, request } = ctx
    try {
      const value = params.gateway
      if (!isGatewayValue(value)) throw new NotFoundException()
      const data = { ...numbersAsText(request.all(), ['fee']), ...request.allFiles() }
      const changes = (await request.validateUsing(gatewayValidators[value], {
        data,
      })) as GatewayPayload
      const gateway = await updateGateway({ value, changes, ...staffContext(ctx) })
      return { message: `${gateway.name} updated successfully`, gateway: gatewayCard(gateway) }
    } finally {
      // A refused or unused upload leaves no temporary file behind.
      await discardUploads(request.allFiles())
    }
  }

  private async grid({ inertia }: HttpContext, kind: GatewayForm['kind'], page: string) {
    const gateways = await gatewaysOfKind(kind)
    return inertia.render(page, {
      kind,
      gateways: gateways.map(gatewayCard),
      fileRules: { maxMb: PUBLIC_IMAGE_MAX_MB, accept: PUBLIC_IMAGE_ACCEPT },
    })
  }
}
