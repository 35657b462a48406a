import { useEffect, useState } from 'react'
import { Button, Modal, ModalBody, ModalContent, ModalFooter, ModalHeader } from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'
import { formatCurrency } from '@domain/formatting'

type Status = 'success' | 'pending' | 'failed'
type Result = { status: Status; amount: string | null; currency: string; message: string | null }

/** Reads the result a payment returned with: status, amount, currency and message in the query string. */
function readResult(fallbackCurrency: string): Result | null {
  const query = new URLSearchParams(window.location.search)
  const status = query.get('status')
  if (!status) return null
  const amount = query.get('amount')
  return {
    status: status === 'success' || status === 'pending' ? status : 'failed',
    amount: amount && /^\d+(\.\d+)?$/.test(amount) ? amount : null,
    currency: query.get('currency') ?? fallbackCurrency,
    message: query.get('message'),
  }
}

/**
 * The result modal of the Deposits page (customer spec §2): success gives
 * 'Deposit Successful' with amount and currency, pending 'Deposit
 * Submitted', anything else 'Deposit Failed'; the query's message too.
 */
export function DepositResultDialog({ fallbackCurrency }: { fallbackCurrency: string }) {
  const { t } = useTranslation()
  const [result, setResult] = useState<Result | null>(null)
  useEffect(() => setResult(readResult(fallbackCurrency)), [])

  function close() {
    setResult(null)
    // The result belongs to one visit: a reload must not show it again.
    window.history.replaceState(window.history.state, '', window.location.pathname)
  }

  return (
    <Modal isOpen={!!result} onClose={close} placement="center" data-testid="deposit-result">
      <ModalContent>
        {/* The titles are written in the t() call itself, where the translation check finds them. */}
        <ModalHeader>
          {result
            ? t(
                result.status === 'success'
                  ? 'Deposit Successful'
                  : result.status === 'pending'
                    ? 'Deposit Submitted'
                    : 'Deposit Failed'
              )
            : ''}
        </ModalHeader>
        <ModalBody>
          {result?.amount && (
            <p className="text-large font-semibold" data-testid="deposit-result-amount">
              {formatCurrency(result.amount, result.currency)}
            </p>
          )}
          {result?.message && <p data-testid="deposit-result-message">{t(result.message)}</p>}
        </ModalBody>
        <ModalFooter>
          <Button color="primary" onPress={close}>
            {t('OK')}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  )
}
