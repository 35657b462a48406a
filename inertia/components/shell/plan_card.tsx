import { Button, Card, CardBody, CardFooter, CardHeader } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { formatMoney } from '@domain/formatting'

export interface PlanCardData {
  id: number
  name: string
  description: string | null
  price: string
  forexLeverage: number | null
  forexStopout: string | null
  /** Its customers pay and earn no overnight swap (issue 24). */
  swapFree: boolean
  /** How it would be paid now (app/domain/plan_payment.ts), and by which wallet. */
  payment: 'free' | 'wallet' | 'insufficient'
  payer: { id: number; mode: 'demo' | 'real'; currency: string } | null
}

/** A pricing plan card (customer spec §2 Pricing). */
export function PlanCard(props: {
  plan: PlanCardData
  currency: string
  subscribed: boolean
  busy: boolean
  onSubscribe: (plan: PlanCardData) => void
}) {
  const { t } = useTranslation()
  const { plan } = props
  return (
    <Card className="h-full" data-testid={`plan-${plan.id}`}>
      <CardHeader className="flex flex-col items-start gap-1">
        <h3 className="text-large font-semibold">{plan.name}</h3>
        {plan.description && <p className="text-small text-default-500">{plan.description}</p>}
      </CardHeader>
      <CardBody className="gap-2">
        <p className="text-2xl font-bold">{formatMoney(plan.price, props.currency)}</p>
        <p>
          {plan.forexLeverage
            ? t('Leverage up to {leverage}', { leverage: plan.forexLeverage })
            : t('normal')}
        </p>
        <p>
          {plan.forexStopout
            ? t('Stopout up to {stopout}%', { stopout: plan.forexStopout })
            : t('N/A')}
        </p>
        {plan.swapFree && (
          <p className="font-medium text-success" data-testid={`plan-swap-free-${plan.id}`}>
            {t('Swap-free: no overnight charges')}
          </p>
        )}
      </CardBody>
      <CardFooter>
        <Button
          fullWidth
          color="primary"
          isDisabled={props.subscribed}
          isLoading={props.busy}
          onPress={() => props.onSubscribe(plan)}
        >
          {props.subscribed ? t('Subscribed') : t('Subscribe')}
        </Button>
      </CardFooter>
    </Card>
  )
}
