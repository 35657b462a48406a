import type { InferPageProps } from '@adonisjs/inertia/types'
import type GatewaysController from '#controllers/staff/gateways_controller'
import { staffLayout } from '~/layouts/staff_layout'
import { GatewayGrid } from '~/components/gateways/gateway_grid'

/** Manual Gateways (admin spec §2 Gateways): the grid of manual gateway cards. */
export default function ManualGateways({
  gateways,
  fileRules,
}: InferPageProps<GatewaysController, 'manual'>) {
  return (
    <>
      <GatewayGrid gateways={gateways} fileRules={fileRules} />
    </>
  )
}

ManualGateways.layout = staffLayout
