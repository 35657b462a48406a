import { useEffect, useMemo, useState } from 'react'
import {
  Button,
  Input,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
  Radio,
  RadioGroup,
  Select,
  SelectItem,
  Spinner,
  Switch,
  Tab,
  Tabs,
} from '@heroui/react'
import { api, ApiError, errorMessage, type FieldErrors } from '~/lib/api'
import { toastError, toastSuccess } from '~/lib/toast'
import { formatMoney, formatPrice } from '@domain/formatting'
import { usePrices, useWatchPrices } from '~/hooks/use_prices'
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
import {
  pendingOrderLabel,
  placementErrors,
  type PendingExecution,
  type PendingExpiry,
} from '@domain/pending_orders'
import { priceStep } from '@domain/price_steps'
import { EXPIRY_CHOICES, utcInputToIso } from '~/lib/pending_expiry'
import { route } from '~/lib/routes'

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
 * Issue 23 adds a Market / Pending choice: a pending order (limit or stop)
 * has a trigger price, stepped by a pip or a price digit from the current
 * ask or bid, an expiry, and its margin and estimates at that price; the
 * server's refusals show under their fields.
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
  useWatchPrices({ instruments: [instrument?.name] })
  const [rate, setRate] = useState<string | null>(null)
  const [lots, setLots] = useState<LotState | null>(null)
  const [amount, setAmount] = useState('')
  const [profitOn, setProfitOn] = useState(false)
  const [lossOn, setLossOn] = useState(false)
  const [profit, setProfit] = useState('')
  const [loss, setLoss] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [mode, setMode] = useState<'market' | 'pending'>('market')
  const [execution, setExecution] = useState<PendingExecution>('limit')
  const [trigger, setTrigger] = useState('')
  const [expiry, setExpiry] = useState<PendingExpiry>('gtc')
  const [expiresAt, setExpiresAt] = useState('')
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const pips = branding.stopLossSelector === 'pips'
  const pending = mode === 'pending'

  useEffect(() => {
    if (!instrument) return
    setRate(null)
    setLots(null)
    setAmount('')
    setProfitOn(false)
    setLossOn(false)
    setProfit('')
    setLoss('')
    setMode('market')
    setExecution('limit')
    setTrigger('')
    setExpiry('gtc')
    setExpiresAt('')
    setServerErrors({})
    Promise.all([
      api<{ rate: string }>('GET', route('market.rates', undefined, { quote: instrument.quote })),
      api<LotState>('GET', route('market.lot_state', { category: instrument.category })),
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
  const marketPrice = props.type === 'buy' ? ask : bid
  const currency = session?.activeBalance?.currency ?? 'USD'

  // A pending order's price starts from the current ask (buy) or bid (sell).
  useEffect(() => {
    if (pending && trigger === '' && marketPrice) setTrigger(marketPrice)
  }, [pending, marketPrice])

  const triggerValid = isDecimalString(trigger) && money(trigger).greaterThan(0)
  // Margin, targets and estimates are reckoned at the price the order opens at.
  const price = pending ? (triggerValid ? trigger.trim() : null) : marketPrice

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
  const pendingErrors =
    pending && bid && ask && price
      ? placementErrors({
          type: props.type,
          execution,
          price,
          bid,
          ask,
          profit: profitRate,
          loss: lossRate,
        })
      : []
  const targetErrors = pending
    ? pendingErrors.filter((e) => e.field !== 'price')
    : bid && ask
      ? newOrderTargetErrors({ type: props.type, bid, ask, profit: profitRate, loss: lossRate })
      : []
  const priceError = pendingErrors.find((e) => e.field === 'price')?.message
  /** The message under a field: the client's rule, else the server's refusal. */
  const errorOf = (field: string) => {
    const message = targetErrors.find((e) => e.field === field)?.message ?? serverErrors[field]
    return message ? t(message) : undefined
  }
  // Only a valid target drives its estimate (§5: invalid entries are ignored).
  const usable = pending
    ? {
        profit: targetErrors.some((e) => e.field === 'profit') ? null : profitRate,
        loss: targetErrors.some((e) => e.field === 'loss') ? null : lossRate,
      }
    : bid && ask
      ? estimableTargets({ type: props.type, bid, ask, profit: profitRate, loss: lossRate })
      : { profit: null, loss: null }
  const expiresAtIso = expiry === 'date' ? utcInputToIso(expiresAt) : null
  const pendingReady =
    !pending || (!!price && !priceError && (expiry !== 'date' || expiresAtIso !== null))

  const balance = money(session?.activeBalance?.balance ?? '0')
  const freeMargin = money(live?.freeMargin ?? '0')
  let blocked: string | null = null
  if (preview && preview.margin.greaterThan(balance)) blocked = 'Insufficient Balance!'
  else if (preview && preview.margin.greaterThan(freeMargin)) blocked = 'Insufficient Free Margin!'
  const targetMissing = (profitOn && !profitRate) || (lossOn && !lossRate)
  const canSubmit =
    !!preview &&
    !blocked &&
    targetErrors.length === 0 &&
    !targetMissing &&
    pendingReady &&
    !submitting

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
    const order = {
      type: props.type,
      instrument: instrument.name,
      amount,
      profit: profitOn ? profitRate : null,
      loss: lossOn ? lossRate : null,
    }
    try {
      if (pending) {
        const placed = await api('POST', route('orders.store'), {
          ...order,
          execution,
          price,
          expiry,
          expiresAt: expiresAtIso,
        })
        toastSuccess(placed?.message ?? 'Pending Order Placed Successfully')
      } else {
        await api('POST', route('orders.store'), order)
        toastSuccess('Order Placed Successfully')
      }
      props.onPlaced()
      props.onClose()
    } catch (error) {
      setServerErrors(error instanceof ApiError ? error.fieldErrors : {})
      toastError(errorMessage(error))
    } finally {
      setSubmitting(false)
    }
  }

  const loading = !rate || !lots
  const title = `${props.type === 'buy' ? t('Buy') : t('Sell')} ${instrument?.name ?? ''}`
  const pendingLabel = (kind: PendingExecution) => t(pendingOrderLabel(props.type, kind))
  /** A field's setter that also clears the server's message under it. */
  const edited =
    <T,>(field: string, set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setServerErrors((errors) => {
        if (!errors[field]) return errors
        const { [field]: _cleared, ...rest } = errors
        return rest
      })
    }
  return (
    <Modal
      isOpen={!!instrument}
      onClose={props.onClose}
      size="lg"
      scrollBehavior="inside"
      data-testid="order-dialog"
    >
      <ModalContent>
        <ModalHeader>{title}</ModalHeader>
        <ModalBody>
          {loading ? (
            <div className="flex justify-center py-8">
              <Spinner label={t('Loading')} />
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <Tabs
                aria-label={t('Order execution')}
                fullWidth
                size="sm"
                selectedKey={mode}
                onSelectionChange={(key) => setMode(key === 'pending' ? 'pending' : 'market')}
                data-testid="order-mode"
              >
                <Tab key="market" title={t('Market')} />
                <Tab key="pending" title={t('Pending')} />
              </Tabs>
              <div className="flex justify-between text-small">
                <span>{props.type === 'buy' ? t('Ask') : t('Bid')}</span>
                <span className="font-mono" data-testid="order-price">
                  {marketPrice ? formatPrice(marketPrice, instrument!.category) : '0.00'}
                </span>
              </div>
              {pending && instrument && (
                <>
                  <RadioGroup
                    label={t('Order type')}
                    orientation="horizontal"
                    value={execution}
                    onValueChange={(v) => setExecution(v === 'stop' ? 'stop' : 'limit')}
                    data-testid="order-execution"
                  >
                    <Radio value="limit" data-testid="order-execution-limit">
                      {pendingLabel('limit')}
                    </Radio>
                    <Radio value="stop" data-testid="order-execution-stop">
                      {pendingLabel('stop')}
                    </Radio>
                  </RadioGroup>
                  <StepperInput
                    label={t('Price')}
                    value={trigger}
                    onChange={edited('price', setTrigger)}
                    min="0"
                    step={priceStep(
                      instrument!.category,
                      instrument!.quote,
                      marketPrice ?? trigger
                    )}
                    error={priceError ? t(priceError) : serverErrors.price && t(serverErrors.price)}
                    testId="order-trigger"
                  />
                  <RadioGroup
                    label={t('Expiry')}
                    orientation="horizontal"
                    value={expiry}
                    onValueChange={edited('expiry', (v: string) =>
                      setExpiry(EXPIRY_CHOICES.find((c) => c.value === v)?.value ?? 'gtc')
                    )}
                    isInvalid={!!serverErrors.expiry}
                    errorMessage={serverErrors.expiry && t(serverErrors.expiry)}
                    data-testid="order-expiry"
                  >
                    {EXPIRY_CHOICES.map((c) => (
                      <Radio key={c.value} value={c.value} data-testid={`order-expiry-${c.value}`}>
                        {t(c.label)}
                      </Radio>
                    ))}
                  </RadioGroup>
                  {expiry === 'date' && (
                    <Input
                      type="datetime-local"
                      label={t('Expires at (UTC)')}
                      value={expiresAt}
                      onValueChange={edited('expiresAt', setExpiresAt)}
                      isInvalid={!!serverErrors.expiresAt}
                      errorMessage={serverErrors.expiresAt && t(serverErrors.expiresAt)}
                      data-testid="order-expires-at"
                    />
                  )}
                </>
              )}
              {lots!.lotState === 'lot' ? (
                <Select
                  label={t('Lot size')}
                  selectedKeys={amount ? [amount] : []}
                  onSelectionChange={(keys) =>
                    edited('amount', setAmount)(String([...keys][0] ?? ''))
                  }
                  isInvalid={!!serverErrors.amount}
                  errorMessage={serverErrors.amount && t(serverErrors.amount)}
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
                  onChange={edited('amount', setAmount)}
                  min="0"
                  error={serverErrors.amount && t(serverErrors.amount)}
                  testId="order-amount"
                />
              )}
              <TargetField
                label={t('Close at profit')}
                on={profitOn}
                onToggle={setProfitOn}
                value={profit}
                onChange={edited('profit', setProfit)}
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
                onChange={edited('loss', setLoss)}
                pips={pips}
                error={lossOn ? errorOf('loss') : undefined}
                estimate={estimate(usable.loss)}
                testId="order-loss"
              />
              <div className="flex justify-between gap-2 text-small text-default-500">
                <span>
                  {pending ? t('Required margin at the order price') : t('Required margin')}
                </span>
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
            {pending ? pendingLabel(execution) : props.type === 'buy' ? t('Buy') : t('Sell')}
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
