import { Button, ModalBody, ModalFooter } from '@heroui/react'
import type { ExternalPaymentRow } from '#transformers/external_payment_transformer'
import { TextField } from '~/components/form/text_field'
import { FileField } from '~/components/form/file_field'
import type { FileRules } from '~/components/gateways/gateway_form'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'

type Values = { name: string; link: string; customLabel: string; customValue: string; logo: File | null }

/** An absolute https:// address, as the server requires (customers open it in a new tab). */
function isHttpsUrl(text: string) {
  try {
    const url = new URL(text.trim())
    return url.protocol === 'https:' && url.hostname.includes('.')
  } catch {
    return false
  }
}

/**
 * Add or edit an external payment (admin spec §2 External Payment list, §7):
 * multipart logo, name, link, customLabel, customValue. The logo is required
 * when adding; when editing, leaving it empty keeps the current one.
 */
export function ExternalPaymentForm(props: {
  payment: ExternalPaymentRow | null
  fileRules: FileRules
  onSaved: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { payment } = props
  const form = useApiForm<Values>(
    {
      name: payment?.name ?? '',
      link: payment?.link ?? '',
      customLabel: payment?.customLabel ?? '',
      customValue: payment?.customValue ?? '',
      logo: null,
    },
    (v) => ({
      name: v.name.trim() ? undefined : 'Name is required',
      link: !v.link.trim() ? 'Link is required' : isHttpsUrl(v.link) ? undefined : 'Link must be an absolute https:// address',
      logo: payment || v.logo ? undefined : 'Logo is required',
    })
  )

  return (
    <form
      // A flex column, so the modal's body scrolls inside it and the buttons stay in view.
      className="flex min-h-0 flex-1 flex-col"
      data-testid="external-payment-form"
      onSubmit={(e) => {
        e.preventDefault()
        form.submit<{ message: string }>(payment ? 'PUT' : 'POST', payment ? `/admin/externalPayments/${payment.id}` : '/admin/externalPayments', {
          transform: (v) => {
            const data = new FormData()
            data.append('name', v.name.trim())
            data.append('link', v.link.trim())
            data.append('customLabel', v.customLabel.trim())
            data.append('customValue', v.customValue.trim())
            if (v.logo) data.append('logo', v.logo)
            return data
          },
          onSuccess: (data) => {
            toastSuccess(data.message)
            props.onSaved()
          },
          onError: (message) => toastError(message),
        })
      }}
    >
      <ModalBody className="flex flex-col gap-6">
        <TextField form={form} name="name" label="Name" />
        <TextField form={form} name="link" label="Link" type="url" placeholder="https://" />
        <TextField form={form} name="customLabel" label="Custom Label" />
        <TextField form={form} name="customValue" label="Custom Value" />
        {payment?.logo && !form.values.logo && (
          <img src={payment.logo.url} alt={payment.name} className="h-12 max-w-40 self-start object-contain" />
        )}
        <FileField
          form={form}
          name="logo"
          label="Logo"
          accept={props.fileRules.accept}
          description={
            payment
              ? t('PNG, JPEG or WebP, at most {size} MB · leave empty to keep the current logo', { size: props.fileRules.maxMb })
              : t('PNG, JPEG or WebP, at most {size} MB', { size: props.fileRules.maxMb })
          }
        />
      </ModalBody>
      <ModalFooter>
        <Button variant="flat" onPress={props.onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" color="primary" isLoading={form.processing} data-testid="external-payment-submit">
          {t('Submit')}
        </Button>
      </ModalFooter>
    </form>
  )
}
