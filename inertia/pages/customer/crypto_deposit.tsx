import { Link } from '@inertiajs/react'
import { Button, Card, CardBody, CardHeader } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type DepositsController from '#controllers/customer/deposits_controller'
import { AppShell } from '~/layouts/app_shell'
import { useTranslation } from '~/hooks/use_translation'
import { formatMoney } from '@domain/formatting'
import { copyToClipboard } from '~/lib/clipboard'
import { route } from '~/lib/routes'

type Props = InferPageProps<DepositsController, 'crypto'>

/**
 * The crypto deposit page (customer spec §2): the gateway, the QR code of
 * the wallet address (drawn by the app), the address, the converted amount,
 * and Confirm, which returns to /deposits?status=success&amount={amount}.
 */
export default function CryptoDeposit({
  gateway,
  amount,
  total,
  currency,
  coin,
  walletCode,
  convertedAmount,
  qrCode,
}: Props) {
  const { t } = useTranslation()
  return (
    <AppShell title="Crypto Deposit" withSidebar>
      <Card className="max-w-xl">
        <CardHeader className="text-lg font-semibold" data-testid="crypto-gateway">
          {gateway}
        </CardHeader>
        <CardBody className="flex flex-col items-center gap-4 text-center">
          <img
            src={qrCode}
            alt={t('QR code of the wallet address')}
            width={240}
            height={240}
            data-testid="crypto-qr"
          />
          <div className="flex flex-wrap items-center justify-center gap-2">
            <code
              className="break-all rounded-small bg-default-100 px-2 py-1"
              data-testid="crypto-wallet"
            >
              {walletCode}
            </code>
            <Button size="sm" variant="flat" onPress={() => copyToClipboard(walletCode)}>
              {t('Copy')}
            </Button>
          </div>
          <p>
            {t('Send')}{' '}
            <strong data-testid="crypto-amount">
              {convertedAmount ?? '—'} {coin}
            </strong>{' '}
            ({formatMoney(total, currency)})
          </p>
          {!convertedAmount && (
            <p className="text-small text-warning">
              {t('No price is available right now, please try again later')}
            </p>
          )}
          <Button
            as={Link}
            href={route('deposits.index', undefined, { status: 'success', amount })}
            color="primary"
            data-testid="crypto-confirm"
          >
            {t('Confirm')}
          </Button>
        </CardBody>
      </Card>
    </AppShell>
  )
}
