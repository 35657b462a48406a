import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Card, CardBody, CardHeader, Chip } from '@heroui/react'
import type { InferPageProps } from '@adonisjs/inertia/types'
import type KycController from '#controllers/customer/kyc_controller'
import {
  KYC_DOCUMENT_LABELS,
  KYC_DOCUMENT_TYPES,
  KYC_SIDES,
  KYC_SIDE_LABELS,
  KYC_STATUS_LABELS,
} from '@domain/kyc'
import { AppShell } from '~/layouts/app_shell'
import { SelectField } from '~/components/form/select_field'
import { FileField } from '~/components/form/file_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { required } from '~/lib/rules'
import { route } from '~/lib/routes'

type Props = InferPageProps<KycController, 'show'>
type Status = Props['kyc']['status']

const STATUS_COLORS: Record<Exclude<Status, 'not_submitted'>, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
}

/** What the file picker offers first; the server decides by the file's content. */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf'

/**
 * KYC (customer spec §2 KYC): the form when nothing was submitted or the
 * customer chose to resubmit, otherwise the status card; a declined
 * submission shows its reason and a Resubmit button.
 */
export default function Kyc({ kyc, maxFileMb }: Props) {
  const { t } = useTranslation()
  const [resubmitting, setResubmitting] = useState(false)
  const showForm = kyc.status === 'not_submitted' || resubmitting

  return (
    <AppShell title="KYC" withSidebar>
      <div className="flex max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t('KYC')}</h1>
        {showForm ? (
          <KycForm maxFileMb={maxFileMb} onSubmitted={() => setResubmitting(false)} />
        ) : (
          <Card data-testid="kyc-status-card">
            <CardHeader>
              <h2 className="text-lg font-semibold">{t('KYC Submitted')}</h2>
            </CardHeader>
            <CardBody className="flex flex-col items-start gap-3">
              <p>{t('Your KYC has been submitted successfully')}</p>
              {kyc.status !== 'not_submitted' && (
                <Chip color={STATUS_COLORS[kyc.status]} variant="flat" data-testid="kyc-status">
                  {t(KYC_STATUS_LABELS[kyc.status])}
                </Chip>
              )}
              {kyc.status === 'declined' && (
                <>
                  <p data-testid="kyc-decline-reason">
                    <span className="font-semibold">{t('Reason:')}</span> {kyc.declineReason}
                  </p>
                  <Button
                    color="primary"
                    onPress={() => setResubmitting(true)}
                    data-testid="kyc-resubmit"
                  >
                    {t('Resubmit')}
                  </Button>
                </>
              )}
            </CardBody>
          </Card>
        )}
      </div>
    </AppShell>
  )
}

const initial = {
  type: '',
  front: null as File | null,
  back: null as File | null,
  address: null as File | null,
}

function KycForm(props: { maxFileMb: number; onSubmitted: () => void }) {
  const { t } = useTranslation()
  // The spec's one client rule (§5): uploads are checked by the server only.
  const form = useApiForm(initial, (v) => ({ type: required(v.type, 'Document type is required') }))
  const hint = t('JPEG, PNG or WebP image or PDF, at most {size} MB', { size: props.maxFileMb })

  return (
    <Card>
      <CardBody>
        <form
          className="flex flex-col gap-6"
          data-testid="kyc-form"
          onSubmit={(e) => {
            e.preventDefault()
            form.submit<{ message: string }>('POST', route('kyc.store'), {
              transform: (values) => {
                const data = new FormData()
                data.append('type', values.type)
                for (const side of KYC_SIDES) {
                  const file = values[side]
                  if (file) data.append(side, file)
                }
                return data
              },
              onSuccess: (data) => {
                toastSuccess(data.message)
                props.onSubmitted()
                router.reload()
              },
              onError: (message) => toastError(message),
            })
          }}
        >
          <SelectField
            form={form}
            name="type"
            label="Document Type"
            placeholder="Select document type"
            options={KYC_DOCUMENT_TYPES.map((value) => ({
              value,
              label: t(KYC_DOCUMENT_LABELS[value]),
            }))}
          />
          {KYC_SIDES.map((side) => (
            <FileField
              key={side}
              form={form}
              name={side}
              label={KYC_SIDE_LABELS[side]}
              accept={ACCEPT}
              description={hint}
            />
          ))}
          <Button type="submit" color="primary" isLoading={form.processing} className="self-start">
            {t('Submit')}
          </Button>
        </form>
      </CardBody>
    </Card>
  )
}
