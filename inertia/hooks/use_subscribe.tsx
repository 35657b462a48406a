import { useState } from 'react'
import { router } from '@inertiajs/react'
import { api, ApiError, errorMessage } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { useTranslation } from '~/hooks/use_translation'
import { ConfirmDialog } from '~/components/common/confirm_dialog'
import type { PlanCardData } from '~/components/shell/plan_card'
import { formatMoney } from '@domain/formatting'
import { route } from '~/lib/routes'

const NOT_ENOUGH_BALANCE = 'Not enough balance'

/**
 * Subscribes to a plan: success reloads the page; 'Not enough balance' is
 * toasted and the page goes to /deposits (customer spec §8); any other
 * refusal (a login-as session's, a changed payer) is toasted as the server
 * said it. A paid plan asks first, naming the price and the wallet that pays
 * (issue 21 item 8); `dialog` must be rendered by the caller.
 */
export function useSubscribe() {
  const { t } = useTranslation()
  const [busyPlanId, setBusy] = useState<number | null>(null)
  const [asking, setAsking] = useState<PlanCardData | null>(null)

  async function send(plan: PlanCardData) {
    setBusy(plan.id)
    try {
      await api('POST', route('pricing.subscribe', { planId: plan.id }), {
        ...(plan.payer ? { walletId: plan.payer.id } : {}),
      })
      window.location.reload()
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 422 &&
        error.message === NOT_ENOUGH_BALANCE
      ) {
        toastError(NOT_ENOUGH_BALANCE)
        router.visit(route('deposits.index'))
      } else {
        toastError(errorMessage(error))
      }
    } finally {
      setBusy(null)
    }
  }

  /** A paid plan with a wallet to pay it asks first; a free one, or one nobody can pay (the server says why), goes at once. */
  function subscribe(plan: PlanCardData) {
    if (plan.payment === 'wallet' && plan.payer) setAsking(plan)
    else void send(plan)
  }

  const dialog = (
    <ConfirmDialog
      isOpen={asking !== null}
      title={t('Subscribe to {plan}?', { plan: asking?.name ?? '' })}
      message={
        asking?.payer
          ? t('{plan} costs {price}. It is paid from your {mode} {currency} wallet.', {
              plan: asking.name,
              price: formatMoney(asking.price, asking.payer.currency),
              mode: t(asking.payer.mode === 'demo' ? 'Demo' : 'Real'),
              currency: asking.payer.currency,
            })
          : ''
      }
      confirmLabel="Subscribe"
      onConfirm={async () => {
        if (asking) await send(asking)
      }}
      onClose={() => setAsking(null)}
      testId="subscribe-confirm"
    />
  )
  return { subscribe, busyPlanId, dialog }
}
