import { Button, Radio, RadioGroup } from '@heroui/react'
import type { ExternalPaymentOption, GatewayOption } from '#transformers/gateway_option_transformer'
import { useTranslation } from '~/hooks/use_translation'
import { copyToClipboard } from '~/lib/clipboard'
import { formatPercent } from '@domain/formatting'

function GatewayLabel({ option }: { option: GatewayOption }) {
  const { t } = useTranslation()
  return (
    <span className="flex items-center gap-2">
      {option.logo ? (
        <img src={option.logo.url} alt="" className="h-6 w-auto max-w-16 object-contain" />
      ) : null}
      {/* A built-in name ("Bank Transfer") has its translation; a name staff typed shows as typed until translated. */}
      <span>{t(option.name)}</span>
      {option.fee !== '0' && (
        <span className="text-tiny text-default-500">
          {t('Fee')} {formatPercent(option.fee)}
        </span>
      )}
    </span>
  )
}

function Heading(props: { children: string; testId: string; spaced?: boolean }) {
  return (
    <p
      className={`${props.spaced ? 'mt-3 ' : ''}text-small font-medium text-default-600`}
      data-testid={props.testId}
    >
      {props.children}
    </p>
  )
}

/** An external payment: opens its link in a new tab; Copy puts its custom value on the clipboard. */
function ExternalPaymentRow({ option }: { option: ExternalPaymentOption }) {
  const { t } = useTranslation()
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-medium border border-default-200 p-2"
      data-testid={`external-payment-${option.id}`}
    >
      {option.logo && (
        <img src={option.logo.url} alt="" className="h-6 w-auto max-w-16 object-contain" />
      )}
      <a
        href={option.link}
        target="_blank"
        rel="noopener noreferrer"
        className="text-primary underline-offset-2 hover:underline"
      >
        {option.name}
      </a>
      {option.customValue && (
        <span className="flex items-center gap-2 text-small">
          {option.customLabel && <span className="text-default-500">{option.customLabel}:</span>}
          <code className="rounded-small bg-default-100 px-1">{option.customValue}</code>
          <Button
            size="sm"
            variant="flat"
            onPress={() => copyToClipboard(option.customValue ?? '')}
            data-testid={`copy-${option.id}`}
          >
            {t('Copy')}
          </Button>
        </span>
      )}
    </li>
  )
}

/**
 * The gateway picker of the Deposit tab (customer spec §2 Deposits): the
 * online gateways as a radio list, the external payment links, and the
 * offline payments (bank, crypto wallets) when any exist.
 */
export function GatewayPicker(props: {
  gateways: GatewayOption[]
  offlinePayments: GatewayOption[]
  externalPayments: ExternalPaymentOption[]
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const { t } = useTranslation()
  const nothing =
    props.gateways.length + props.offlinePayments.length + props.externalPayments.length === 0
  return (
    <div className="flex flex-col gap-4" data-testid="gateway-picker">
      {/* One choice across both lists; each heading only over a list that has entries. */}
      {props.gateways.length + props.offlinePayments.length > 0 && (
        <RadioGroup
          aria-label={t('Payment Gateway')}
          value={props.value}
          onValueChange={props.onChange}
          isInvalid={!!props.error}
          errorMessage={props.error ? t(props.error) : undefined}
        >
          {props.gateways.length > 0 && (
            <Heading testId="online-gateways-heading">{t('Payment Gateway')}</Heading>
          )}
          {props.gateways.map((g) => (
            <Radio key={g.value} value={g.value} data-testid={`gateway-${g.value}`}>
              <GatewayLabel option={g} />
            </Radio>
          ))}
          {props.offlinePayments.length > 0 && (
            <Heading testId="offline-payments-heading" spaced={props.gateways.length > 0}>
              {t('Offline Payments')}
            </Heading>
          )}
          {props.offlinePayments.map((g) => (
            <Radio key={g.value} value={g.value} data-testid={`gateway-${g.value}`}>
              <GatewayLabel option={g} />
            </Radio>
          ))}
        </RadioGroup>
      )}
      {props.externalPayments.length > 0 && (
        <ul className="flex flex-col gap-2">
          {props.externalPayments.map((p) => (
            <ExternalPaymentRow key={p.id} option={p} />
          ))}
        </ul>
      )}
      {nothing && (
        <p className="text-small text-default-500">
          {t('No payment gateway is available at the moment')}
        </p>
      )}
    </div>
  )
}
