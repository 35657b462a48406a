import { useId } from 'react'
import type { ApiForm } from '~/hooks/use_api_form'
import { useTranslation } from '~/hooks/use_translation'

type Props<V extends Record<string, any>> = {
  form: ApiForm<V>
  name: keyof V & string
  label: string
  /** A hint for the browser's file picker; the server checks the content. */
  accept?: string
  description?: string
}

/**
 * A file input bound to the one form pattern: the chosen File (or null) is
 * the field's value; the server's message shows under it.
 */
export function FileField<V extends Record<string, any>>({
  form,
  name,
  label,
  accept,
  description,
}: Props<V>) {
  const { t } = useTranslation()
  const id = useId()
  const error = form.errorFor(name)
  return (
    <div className="flex flex-col gap-1.5" data-testid={`file-field-${name}`}>
      <label htmlFor={id} className="text-small font-medium text-foreground">
        {t(label)}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={!!error}
        aria-describedby={`${id}-help`}
        onChange={(e) => form.setValue(name, (e.target.files?.[0] ?? null) as V[typeof name])}
        className={`rounded-medium border-2 p-1.5 text-small text-default-600 file:mr-3 file:cursor-pointer file:rounded-small file:border-0 file:bg-default-100 file:px-3 file:py-1.5 file:text-small file:text-foreground ${
          error ? 'border-danger' : 'border-default-200'
        }`}
      />
      <div id={`${id}-help`} className={`text-tiny ${error ? 'text-danger' : 'text-default-500'}`}>
        {error ? t(error) : description ? description : null}
      </div>
    </div>
  )
}
