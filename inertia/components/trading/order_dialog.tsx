import { useEffect, useMemo, useState } from 'react'
import {
  Button,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Select,
  SelectItem,
  Spinner,
  Switch,
} from '@heroui/react'
import { api, errorMessage } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { formatMoney, formatPrice } from '@domain/formatting'
import { usePrices } from '~/hooks/use_prices'
import { useBranding, useSession } from '~/hooks/use_shared'
import { useLiveAccount } from '~/hooks/use_live_account'
import { useTranslation } from '~/hooks/use_translation'
import { StepperInput } from '~/components/trading/stepper_input'
import { money } from '@domain/money'
import {
  estimatedProfitLoss,
  rateFromPips,
  requiredMargin,
  spreadCost,
  type OrderType,
} from '@domain/trading'
import { estimableTargets, newOrderTargetErrors } from '@domain/risk'
import { isDecimalString } from '@domain/decimal_strings'
import type { Category } from '@domain/instruments'

export interface TradableInstrument {
  name: string
  base: string
  quote: string
  category: Category
  leverage: number
}

interface LotState {
  lotState: 'amount' | 'lot'
  lotSelector: { value: string; label: string }[]
}

/**
 * The Buy and Sell dialog (customer spec §2, §5, §7, §9). Loads the conversion
 * rate and the category's lot state, prices from the live ask (buy) or bid
 * (sell), previews margin and estimated P/L with the §9 formulas, and lets
 * the server decide: it recomputes everything from its own price.
 */
export function OrderDialog(props: {
  instrument: TradableInstrument | null
  type: OrderType
  spreadSetting: number
  onClose: () => void
  onPlaced: () => void
}) {
  const { t } = useTranslation()
  const branding = useBranding()
  const session = useSession()
  const live = useLiveAccount(session!)
  const prices = usePrices()
  const instrument = props.instrument
  const [rate, setRate] = useState<string | null>(null)
  const [lots, setLots] = useState<LotState | null>(null)
  const [amount, setAmount] = useState('')
  const [profitOn, setProfitOn] = useState(false)
  const [lossOn, setLossOn] = useState(false)
  const [profit, setProfit] = useState('')
  const [loss, setLoss] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const pips = branding.stopLossSelector === 'pips'

  useEffect(() => {
    if (!instrument) return
    setRate(null)
    setLots(null)
    setAmount('')
    setProfitOn(false)
    setLossOn(false)
    setProfit('')
    setLoss('')
    Promise.all([
      api<{ rate: string }>(
        'GET',
        `/dashboard/rates?quote=${encodeURIComponent(instrument.quote)}`
      ),
      api<LotState>('GET', `/dashboard/lot-state/${instrument.category}`),
    ])
      .then(([r, l]) => {
        setRate(r.rate)
        setLots(l)
        setAmount(l.lotState === 'lot' ? (l.lotSelector[0]?.value ?? '') : '1')
      })
      .catch(() => {
        toastError('Something went wrong')
        props.onClose()
      })
  }, [instrument?.name])

  const quote = instrument ? prices[instrument.name] : undefined
  const bid = quote?.bids ?? null
  const ask = quote?.asks ?? null
  const price = props.type === 'buy' ? ask : bid
  const currency = session?.activeBalance?.currency ?? 'USD'

  const preview = useMemo(() => {
    if (
      !instrument ||
      !rate ||
      !price ||
      !bid ||
      !ask ||
      !isDecimalString(amount) ||
      money(amount).isZero()
    )
      return null
    const margin = requiredMargin({ price, amount, leverage: instrument.leverage, rate })
    const spread = spreadCost({ bid, ask, spreadSetting: props.spreadSetting, amount })
    return { margin, spread }
  }, [instrument, rate, price, bid, ask, amount, props.spreadSetting])

  /** The rate a target input stands for: the entered rate, or price ± pips in pips mode. */
  function targetRate(side: 'profit' | 'loss', value: string): string | null {
    if (!isDecimalString(value) || !price || !instrument) return null
    if (!pips) return value
    if (money(value).lessThan(1)) return null
    return rateFromPips({
      type: props.type,
      side,
      price,
      pips: value,
      quote: instrument.quote,
    }).toFixed()
  }
  const profitRate = profitOn ? targetRate('profit', profit) : null
  const lossRate = lossOn ? targetRate('loss', loss) : null
  const targetErrors =
    bid && ask
      ? newOrderTargetErrors({ type: props.type, bid, ask, profit: profitRate, loss: lossRate })
      : []
  const errorOf = (field: 'profit' | 'loss') => {
    const message = targetErrors.find((e) => e.field === field)?.message
    return message ? t(message) : undefined
  }
  // Only a valid target drives its estimate (§5: invalid entries are ignored).
  const usable =
    bid && ask
      ? estimableTargets({ type: props.type, bid, ask, profit: profitRate, loss: lossRate })
      : { profit: null, loss: null }

  const balance = money(session?.activeBalance?.balance ?? '0')
  const freeMargin = money(live?.freeMargin ?? '0')
  let blocked: string | null = null
  if (preview && preview.margin.greaterThan(balance)) blocked = 'Insufficient Balance!'
  else if (preview && preview.margin.greaterThan(freeMargin)) blocked = 'Insufficient Free Margin!'
  const targetMissing = (profitOn && !profitRate) || (lossOn && !lossRate)
  const canSubmit =
    !!preview && !blocked && targetErrors.length === 0 && !targetMissing && !submitting

  function estimate(target: string | null) {
    if (!target || !preview || !price || !rate) return null
    const value = estimatedProfitLoss({
      type: props.type,
      amount,
      price,
      target,
      spread: preview.spread,
      rate,
    })
    return formatMoney(value, currency, 2)
  }

  async function submit() {
    if (!instrument || !canSubmit) return
    setSubmitting(true)
    try {
      await api('POST', '/dashboard/orders', {
        type: props.type,
        instrument: instrument.name,
        amount,
        profit: profitOn ? profitRate : null,
        loss: lossOn ? lossRate : null,
      })
      toastSuccess('Order Placed Successfully')
      props.onPlaced()
      props.onClose()
    } catch (error) {
      toastError(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  const loading = !rate || !lots
  const title = `${props.type === 'buy' ? t('Buy') : t('Sell')} ${instrument?.name ?? ''}`
  return (
    <Modal isOpen={!!instrument} onClose={props.onClose} size="lg" data-testid="order-dialog">
      <ModalContent>
        <ModalHeader>{title}</ModalHeader>
        <ModalBody>
          {loading ? (
            <div className="flex justify-center py-8">
              <Spinner label={t('Loading')} />
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <div className="flex justify-between text-small">
                <span>{props.type === 'buy' ? t('Ask') : t('Bid')}</span>
                <span className="font-mono" data-testid="order-price">
                  {price ? formatPrice(price, instrument!.category) : '0.00'}
                </span>
              </div>
              {lots!.lotState === 'lot' ? (
                <Select
                  label={t('Lot size')}
                  selectedKeys={amount ? [amount] : []}
                  onSelectionChange={(keys) => setAmount(String([...keys][0] ?? ''))}
                  data-testid="order-lot"
                >
                  {lots!.lotSelector.map((l) => (
                    <SelectItem key={l.value}>{l.label}</SelectItem>
                  ))}
                </Select>
              ) : (
                <StepperInput
                  label={t('Amount')}
                  value={amount}
                  onChange={setAmount}
                  min="0"
                  testId="order-amount"
                />
              )}
              <TargetField
                label={t('Close at profit')}
                on={profitOn}
                onToggle={setProfitOn}
                value={profit}
                onChange={setProfit}
                pips={pips}
                error={profitOn ? errorOf('profit') : undefined}
                estimate={estimate(usable.profit)}
                testId="order-profit"
              />
              <TargetField
                label={t('Close at loss')}
                on={lossOn}
                onToggle={setLossOn}
                value={loss}
                onChange={setLoss}
                pips={pips}
                error={lossOn ? errorOf('loss') : undefined}
                estimate={estimate(usable.loss)}
                testId="order-loss"
              />
              <div className="flex justify-between text-small text-default-500">
                <span>{t('Required margin')}</span>
                <span className="font-mono" data-testid="order-margin">
                  {formatMoney(preview ? preview.margin : '0', currency, 2)}
                </span>
              </div>
              {blocked && (
                <p className="text-small text-danger" data-testid="order-blocked">
                  {t(blocked)}
                </p>
              )}
            </div>
          )}
        </ModalBody>
        <ModalFooter>
          <Button variant="flat" onPress={props.onClose}>
            {t('Cancel')}
          </Button>
          <Button
            color={props.type === 'buy' ? 'success' : 'danger'}
            isDisabled={!canSubmit}
            isLoading={submitting}
            onPress={submit}
            data-testid="order-submit"
          >
            {props.type === 'buy' ? t('Buy') : t('Sell')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}

function TargetField(props: {
  label: string
  on: boolean
  onToggle: (on: boolean) => void
  value: string
  onChange: (v: string) => void
  pips: boolean
  error?: string
  estimate: string | null
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <Switch
        size="sm"
        isSelected={props.on}
        onValueChange={props.onToggle}
        data-testid={`${props.testId}-switch`}
      >
        {props.label}
      </Switch>
      {props.on ? (
        <>
          <StepperInput
            label={props.pips ? t('Pips') : t('Rate')}
            value={props.value}
            onChange={props.onChange}
            min={props.pips ? '1' : '0'}
            error={props.error}
            testId={props.testId}
          />
          {props.estimate && (
            <span className="text-tiny text-default-500">
              {t('Estimated P/L')}: <span className="font-mono">{props.estimate}</span>
            </span>
          )}
        </>
      ) : (
        <span className="text-tiny text-default-500">
          {t('Set a rate to close position at profit/loss')}
        </span>
      )}
    </div>
  )
}
