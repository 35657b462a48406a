import type { InferPageProps } from '@adonisjs/inertia/types'
import type GatewaysController from '#controllers/staff/gateways_controller'
import { StaffLayout } from '~/layouts/staff_layout'
import { GatewayGrid } from '~/components/gateways/gateway_grid'

/** Automatic Gateways (admin spec §2 Gateways): the grid of automatic gateway cards. */
export default function AutomaticGateways({ title, menu, activePath, gateways, fileRules }: InferPageProps<GatewaysController, 'automatic'>) {
  return (
    <StaffLayout title={title} menu={menu} activePath={activePath}>
      <GatewayGrid gateways={gateways} fileRules={fileRules} />
    </StaffLayout>
  )
}
