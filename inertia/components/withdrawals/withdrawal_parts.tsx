import type { ReactNode } from 'react'
import { Button, Chip, Popover, PopoverContent, PopoverTrigger } from '@heroui/react'
import type { BankDetails } from '@domain/withdrawals'
import type { PaymentStatus } from '@domain/payments'
import { useTranslation } from '~/hooks/use_translation'

/** Status colours (admin spec §2 Withdraws, customer spec §4): pending warning, approved success, declined danger. */
export const STATUS_COLORS: Record<PaymentStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
}

export function StatusChip({ status, testId }: { status: PaymentStatus; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Chip size="sm" variant="flat" color={STATUS_COLORS[status]} data-testid={testId}>
      {t(status)}
    </Chip>
  )
}

/** The bank account of a bank withdrawal: bank name, A/C name, A/C No, SWIFT and country. */
export function BankDetailsList({ details, testId }: { details: BankDetails; testId?: string }) {
  const { t } = useTranslation()
  const rows: [string, string][] = [
    ['Bank Name', details.bankName],
    ['A/C Name', details.accountName],
    ['A/C No', details.accountNumber],
    ['SWIFT', details.swiftCode],
    ['Country', details.bankCountry],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-small" data-testid={testId}>
      {/* A bank deposit's sender has no SWIFT or country: show what was given. */}
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-default-500">{t(label)}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

/** A small button opening a popover (the customer history's 'Details' and 'Show Reason'). */
function InfoPopover(props: {
  label: string
  color: 'primary' | 'danger'
  className: string
  testId?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Popover placement="bottom">
      <PopoverTrigger>
        <Button size="sm" variant="light" color={props.color} data-testid={props.testId}>
          {t(props.label)}
        </Button>
      </PopoverTrigger>
      <PopoverContent className={props.className}>{props.children}</PopoverContent>
    </Popover>
  )
}

/** 'Details' for a bank withdrawal in the customer's history (customer spec §2 Withdraws). */
export function DetailsPopover({ details, testId }: { details: BankDetails; testId?: string }) {
  return (
    <InfoPopover label="Details" color="primary" className="p-3" testId={testId}>
      <BankDetailsList details={details} testId={testId ? `${testId}-content` : undefined} />
    </InfoPopover>
  )
}

/** 'Show Reason' on a declined withdrawal. */
export function ReasonPopover({ reason, testId }: { reason: string; testId?: string }) {
  return (
    <InfoPopover label="Show Reason" color="danger" className="max-w-xs p-3" testId={testId}>
      <p
        className="whitespace-normal text-small"
        data-testid={testId ? `${testId}-content` : undefined}
      >
        {reason}
      </p>
    </InfoPopover>
  )
}
