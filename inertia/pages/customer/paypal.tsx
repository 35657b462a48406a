import { useEffect, useRef, useState } from 'react'
import { Alert, Card, CardBody, CardHeader, Spinner } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type PaypalController from '#controllers/payments/paypal_controller'
import { AppShell } from '~/layouts/app_shell'
import { useTranslation } from '~/hooks/use_translation'
import { api, SOMETHING_WENT_WRONG } from '~/lib/api'
import { toastError } from '~/lib/toast'
import { route } from '~/lib/routes'

type Props = InferPageProps<PaypalController, 'page'>

const GATEWAY_UNAVAILABLE = 'This payment gateway is not available'

/** The part of PayPal's JS SDK this page uses (paypal.Buttons). */
interface PaypalButtons {
  render(container: HTMLElement): Promise<void>
  close?(): Promise<void>
}
interface PaypalSdk {
  Buttons(options: {
    createOrder: () => Promise<string>
    onApprove: (data: { orderID: string }) => Promise<void>
    onError: (error: unknown) => void
  }): PaypalButtons
}
declare global {
  interface Window {
    paypal?: PaypalSdk
  }
}

/*
 * The Content-Security-Policy that lets PayPal's SDK load is the one of the
 * document the browser loaded: reached by an Inertia visit, this page would
 * run under the previous page's stricter policy, so it loads itself fully.
 */
function loadedAsDocument() {
  const entry = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined
  return !entry || new URL(entry.name).pathname === window.location.pathname
}

/* The page's CSP nonce (readable from a script element as a property only), handed to PayPal's SDK. */
function pageNonce() {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
}

function loadSdk(src: string): Promise<PaypalSdk> {
  if (window.paypal) return Promise.resolve(window.paypal)
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    const nonce = pageNonce()
    if (nonce) {
      script.nonce = nonce
      script.setAttribute('data-csp-nonce', nonce)
    }
    script.onload = () =>
      window.paypal ? resolve(window.paypal) : reject(new Error('PayPal SDK missing'))
    script.onerror = () => reject(new Error('PayPal SDK failed to load'))
    document.head.appendChild(script)
  })
}

/**
 * PayPal payment page (customer spec): the gateway's logo, 'Deposit {amount}
 * {currency}' and PayPal's buttons for the client id and currency. The
 * buttons ask our server for the order (POST /payments/paypal/{txRef}); once
 * the payer approves, the browser goes to /payments/paypal/capture/{orderID}.
 */
export default function PaypalPage({ gateway, deposit, paypal }: Props) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    if (!paypal) return
    if (!loadedAsDocument()) {
      window.location.replace(window.location.href)
      return
    }
    let cancelled = false
    let buttons: PaypalButtons | null = null
    loadSdk(paypal.sdkUrl)
      .then(async (sdk) => {
        if (cancelled || !container.current) return
        buttons = sdk.Buttons({
          createOrder: async () =>
            (
              await api<{ id: string }>(
                'POST',
                route('payments.paypal.create', { txRef: deposit.txRef })
              )
            ).id,
          onApprove: async (data) => {
            window.location.assign(route('payments.paypal.capture', { orderId: data.orderID }))
          },
          onError: () => toastError(SOMETHING_WENT_WRONG),
        })
        await buttons.render(container.current)
        if (!cancelled) setState('ready')
      })
      .catch(() => {
        if (cancelled) return
        setState('failed')
        toastError(SOMETHING_WENT_WRONG)
      })
    return () => {
      cancelled = true
      buttons?.close?.().catch(() => undefined)
    }
  }, [paypal?.sdkUrl, deposit.txRef])

  return (
    <AppShell title="PayPal">
      <div className="mx-auto flex max-w-md flex-col gap-4 pt-8" data-testid="paypal-page">
        <Card>
          <CardHeader className="flex flex-col items-center gap-3">
            {gateway.logoUrl ? (
              <img
                src={gateway.logoUrl}
                alt={gateway.name}
                className="h-12 object-contain"
                data-testid="paypal-logo"
              />
            ) : (
              <span className="text-xl font-semibold" data-testid="paypal-logo">
                {gateway.name}
              </span>
            )}
            <h1 className="text-lg font-medium" data-testid="paypal-amount">
              {t('Deposit {amount} {currency}', {
                amount: deposit.amount,
                currency: deposit.currency,
              })}
            </h1>
          </CardHeader>
          <CardBody className="gap-3">
            {!paypal && (
              <Alert
                color="warning"
                title={t(GATEWAY_UNAVAILABLE)}
                data-testid="paypal-unavailable"
              />
            )}
            {paypal && state === 'loading' && (
              <Spinner className="self-center" aria-label={t('Loading')} />
            )}
            {state === 'failed' && (
              <Alert color="danger" title={t(SOMETHING_WENT_WRONG)} data-testid="paypal-failed" />
            )}
            <div ref={container} data-testid="paypal-buttons" />
          </CardBody>
        </Card>
      </div>
    </AppShell>
  )
}
