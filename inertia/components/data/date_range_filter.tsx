import { useState } from 'react'
import {
  Button,
  Input,
  Modal,
  ModalBody,
  ModalContent,
  ModalFooter,
  ModalHeader,
} from '@heroui/react'
import { useTranslation } from '~/hooks/use_translation'

/** Two calendar days, YYYY-MM-DD; an empty string is an open end. */
export interface DateRange {
  start: string
  end: string
}
export type DateRangeErrors = Partial<Record<keyof DateRange, string>>

export const END_BEFORE_START = 'End date must be on or after the start date'

/**
 * The history filter (customer spec §2 Deposit history): a 'Filter' button
 * opening a modal with Start Date and End Date, Clear and Submit. Clear
 * applies an empty range. `onApply` answers nothing once the range is
 * applied; an answer (field errors, possibly none) keeps the modal open.
 */
export function DateRangeFilter(props: {
  value: DateRange
  onApply: (range: DateRange) => Promise<DateRangeErrors | void>
  /** Messages to show when the modal opens, e.g. for a bad range in the address. */
  initialErrors?: DateRangeErrors
  /** The button's and the dialog's title (translated); 'Filter' by default. */
  label?: string
  testId?: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<DateRange>(props.value)
  const [errors, setErrors] = useState<DateRangeErrors>(props.initialErrors ?? {})
  const [busy, setBusy] = useState(false)
  const testId = props.testId ?? 'date-range-filter'

  const apply = async (range: DateRange) => {
    if (range.start && range.end && range.end < range.start) {
      setErrors({ end: END_BEFORE_START })
      return
    }
    setBusy(true)
    try {
      const failed = await props.onApply(range)
      if (failed) {
        setErrors(failed)
      } else {
        setErrors({})
        setOpen(false)
      }
    } finally {
      setBusy(false)
    }
  }

  const edit = (field: keyof DateRange, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }

  return (
    <>
      <Button
        variant="bordered"
        size="sm"
        data-testid={`${testId}-open`}
        onPress={() => {
          setDraft(props.value)
          setOpen(true)
        }}
      >
        {t(props.label ?? 'Filter')}
      </Button>
      <Modal isOpen={open} onOpenChange={setOpen} size="lg" placement="center" data-testid={testId}>
        <ModalContent>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              apply(draft)
            }}
          >
            <ModalHeader>{t(props.label ?? 'Filter')}</ModalHeader>
            <ModalBody className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Input
                type="date"
                name="dateStart"
                label={t('Start Date')}
                labelPlacement="outside"
                placeholder=" "
                variant="bordered"
                value={draft.start}
                onValueChange={(v) => edit('start', v)}
                isInvalid={!!errors.start}
                errorMessage={errors.start ? t(errors.start) : undefined}
              />
              <Input
                type="date"
                name="dateEnd"
                label={t('End Date')}
                labelPlacement="outside"
                placeholder=" "
                variant="bordered"
                value={draft.end}
                onValueChange={(v) => edit('end', v)}
                isInvalid={!!errors.end}
                errorMessage={errors.end ? t(errors.end) : undefined}
              />
            </ModalBody>
            <ModalFooter>
              <Button
                variant="light"
                isDisabled={busy}
                onPress={() => {
                  const cleared = { start: '', end: '' }
                  setDraft(cleared)
                  apply(cleared)
                }}
              >
                {t('Clear')}
              </Button>
              <Button type="submit" color="primary" isLoading={busy}>
                {t('Submit')}
              </Button>
            </ModalFooter>
          </form>
        </ModalContent>
      </Modal>
    </>
  )
}
