import type { InferPageProps } from '@adonisjs/inertia/types'
import type GatewaysController from '#controllers/staff/gateways_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { GatewayGrid } from '~/components/gateways/gateway_grid'

/** Automatic Gateways (admin spec §2 Gateways): the grid of automatic gateway cards. */
export default function AutomaticGateways({
  gateways,
  fileRules,
}: InferPageProps<GatewaysController, 'automatic'>) {
  return (
    <>
      <GatewayGrid gateways={gateways} fileRules={fileRules} />
    </>
  )
}

AutomaticGateways.layout = staffLayout
