import { Button, Checkbox, ModalBody, ModalFooter, Switch } from '@heroui/react'
import type { GatewayCard } from '#transformers/gateway_transformer'
import { GATEWAY_FORMS, type GatewayField, type KeySlot } from '@domain/gateways'
import { GATEWAY_LIMITS, gatewayFeeProblem } from '@domain/gateway_input'
import { TextField } from '~/components/form/text_field'
import { NumberField } from '~/components/form/number_field'
import { SelectField } from '~/components/form/select_field'
import { FileField } from '~/components/form/file_field'
import { useApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'
import { toastError, toastSuccess } from '~/lib/toast'
import { route } from '~/lib/routes'

export interface FileRules {
  maxMb: number
  accept: string
}

type Values = Record<KeySlot, string> & {
  name: string
  fee: string
  isActive: boolean
  file: File | null
  removeFile: boolean
  clear: KeySlot[]
}

/** The form values a gateway starts from: shown fields filled in, secrets always blank. */
function initialValues(gateway: GatewayCard): Values {
  return {
    name: gateway.name,
    key1: gateway.values.key1 ?? '',
    key2: gateway.values.key2 ?? '',
    key3: gateway.values.key3 ?? '',
    key4: gateway.values.key4 ?? '',
    key5: gateway.values.key5 ?? '',
    fee: gateway.fee ?? '0',
    isActive: gateway.isActive ?? false,
    file: null,
    removeFile: false,
    clear: [],
  }
}

/**
 * The form of one gateway kind, built from GATEWAY_FORMS (admin spec §3
 * Payment gateway). Shown fields carry their stored values; a secret field is
 * always empty — it says whether one is stored, a blank keeps it, and "Clear"
 * erases it on purpose. Sent as multipart: name, key1..key5, fee, isActive,
 * file (and clear[], removeFile).
 */
export function GatewayForm(props: {
  gateway: GatewayCard
  fileRules: FileRules
  onSaved: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { gateway } = props
  const spec = GATEWAY_FORMS[gateway.value]
  const form = useApiForm<Values>(initialValues(gateway), (v) => ({
    name: v.name.trim() ? undefined : 'Name is required',
    fee: spec.hasFee ? (gatewayFeeProblem(v.fee) ?? undefined) : undefined,
  }))
  const fileLabel = spec.fileLabel ?? 'Logo'

  function toFormData(v: Values) {
    const data = new FormData()
    data.append('name', v.name.trim())
    for (const field of spec.fields) {
      const value = v[field.slot].trim()
      if (field.secret) {
        if (value && !v.clear.includes(field.slot)) data.append(field.slot, value)
      } else {
        data.append(field.slot, value)
      }
    }
    if (spec.hasFee) data.append('fee', v.fee.trim())
    if (spec.hasActive) data.append('isActive', String(v.isActive))
    for (const slot of v.clear) data.append('clear[]', slot)
    if (v.file) data.append('file', v.file)
    else if (v.removeFile) data.append('removeFile', 'true')
    return data
  }

  return (
    <form
      // A flex column, so the modal's body scrolls inside it and the buttons stay in view.
      className="flex min-h-0 flex-1 flex-col"
      data-testid={`gateway-form-${gateway.value}`}
      onSubmit={(e) => {
        e.preventDefault()
        form.submit<{ message: string }>(
          'PUT',
          route('admin.gateways.update', { gateway: gateway.value }),
          {
            transform: toFormData,
            onSuccess: (data) => {
              toastSuccess(data.message)
              props.onSaved()
            },
            onError: (message) => toastError(message),
          }
        )
      }}
    >
      <ModalBody className="flex flex-col gap-6">
        <TextField form={form} name="name" label="Name" maxLength={GATEWAY_LIMITS.name} />
        {spec.fields.map((field) =>
          field.options ? (
            <SelectField
              key={field.slot}
              form={form}
              name={field.slot}
              label={field.label}
              options={field.options.map((o) => ({ value: o, label: o }))}
            />
          ) : field.secret ? (
            <SecretField
              key={field.slot}
              form={form}
              field={field}
              isSet={gateway.secretsSet[field.slot] === true}
            />
          ) : (
            <TextField
              key={field.slot}
              form={form}
              name={field.slot}
              label={field.label}
              maxLength={GATEWAY_LIMITS.text}
            />
          )
        )}
        {spec.hasFee && <NumberField form={form} name="fee" label="Fee (%)" decimals={Infinity} />}
        {spec.hasActive && (
          <Switch
            isSelected={form.values.isActive}
            onValueChange={(on) => form.setValue('isActive', on)}
            data-testid="gateway-active"
          >
            {t('Active')}
          </Switch>
        )}
        <div className="flex flex-col gap-2">
          {gateway.logo && !form.values.file && (
            <div className="flex items-center gap-4">
              <img
                src={gateway.logo.url}
                alt={t(fileLabel)}
                className={`h-16 max-w-40 rounded-small border border-divider object-contain ${form.values.removeFile ? 'opacity-30' : ''}`}
              />
              <Checkbox
                size="sm"
                isSelected={form.values.removeFile}
                onValueChange={(on) => form.setValue('removeFile', on)}
                data-testid="gateway-remove-file"
              >
                {t('Remove')}
              </Checkbox>
            </div>
          )}
          <FileField
            form={form}
            name="file"
            label={fileLabel}
            accept={props.fileRules.accept}
            description={t('PNG, JPEG or WebP, at most {size} MB', { size: props.fileRules.maxMb })}
          />
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="flat" onPress={props.onCancel}>
          {t('Cancel')}
        </Button>
        <Button
          type="submit"
          color="primary"
          isLoading={form.processing}
          data-testid="gateway-submit"
        >
          {t('Submit')}
        </Button>
      </ModalFooter>
    </form>
  )
}

/**
 * A secret: never shown. The field is empty; its description says whether a
 * value is stored. Typing replaces it, a blank keeps it, Clear erases it.
 */
function SecretField({
  form,
  field,
  isSet,
}: {
  form: ReturnType<typeof useApiForm<Values>>
  field: GatewayField
  isSet: boolean
}) {
  const { t } = useTranslation()
  const clearing = form.values.clear.includes(field.slot)
  return (
    <div className="flex flex-col gap-1" data-testid={`gateway-secret-${field.slot}`}>
      <TextField
        form={form}
        name={field.slot}
        label={field.label}
        type="password"
        autoComplete="new-password"
        maxLength={GATEWAY_LIMITS.secret}
        isDisabled={clearing}
        placeholder={isSet ? 'Stored: leave blank to keep it' : 'Not set'}
        description={
          isSet ? t('A value is stored. Type a new one to replace it.') : t('No value stored yet.')
        }
      />
      {isSet && (
        <Checkbox
          size="sm"
          isSelected={clearing}
          onValueChange={(on) => {
            form.setValue(
              'clear',
              on
                ? [...form.values.clear, field.slot]
                : form.values.clear.filter((s) => s !== field.slot)
            )
            if (on) form.setValue(field.slot, '')
          }}
          data-testid={`gateway-clear-${field.slot}`}
        >
          {t('Clear the stored value')}
        </Checkbox>
      )}
    </div>
  )
}
