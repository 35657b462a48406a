import { useState } from 'react'
import { router } from '@inertiajs/react'
import { api } from '~/lib/api'
import { toastError } from '~/lib/toast'

/**
 * Subscribes to a plan: success reloads the page; failure toasts
 * 'Not enough balance' and goes to /deposits (customer spec §8).
 */
export function useSubscribe() {
  const [busyPlanId, setBusy] = useState<number | null>(null)
  async function subscribe(planId: number) {
    setBusy(planId)
    try {
      await api('POST', `/dashboard/pricing/subscribe/${planId}`)
      window.location.reload()
    } catch {
      toastError('Not enough balance')
      router.visit('/deposits')
    } finally {
      setBusy(null)
    }
  }
  return { subscribe, busyPlanId }
}
