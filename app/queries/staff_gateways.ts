import PaymentGateway from '#models/payment_gateway'
import {
  GATEWAY_FORMS,
  GATEWAY_VALUES,
  isGatewayValue,
  type GatewayForm,
  type GatewayValue,
} from '#domain/gateways'

type KnownGateway = PaymentGateway & { value: GatewayValue }

/** The gateways of one grid (Automatic or Manual), in the order GATEWAY_VALUES lists the kinds. */
export async function gatewaysOfKind(kind: GatewayForm['kind']): Promise<KnownGateway[]> {
  const values = GATEWAY_VALUES.filter((value) => GATEWAY_FORMS[value].kind === kind)
  const rows = await PaymentGateway.query().whereIn('value', values)
  const known = rows.filter((row): row is KnownGateway => isGatewayValue(row.value))
  return known.sort((a, b) => values.indexOf(a.value) - values.indexOf(b.value))
}
