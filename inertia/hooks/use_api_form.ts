import { useCallback, useMemo, useState } from 'react'
import { api, ApiError, errorMessage, type FieldErrors } from '~/lib/api'

type Values = Record<string, any>
export type ClientRules<V extends Values> = (values: V) => Partial<Record<keyof V, string>>

/**
 * The one form pattern: values, client rules with the spec's messages (shown
 * once a field is touched), server field errors from a 422, a submitting flag
 * for the button, and the server's message for the toast.
 */
export function useApiForm<V extends Values>(initial: V, rules?: ClientRules<V>) {
  const [values, setValues] = useState<V>(initial)
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({})
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [processing, setProcessing] = useState(false)

  const clientErrors: Partial<Record<keyof V, string>> = useMemo(
    () => (rules ? rules(values) : {}),
    [rules, values]
  )
  const isValid = Object.values(clientErrors).every((e) => !e)

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }))
    setServerErrors((e) => {
      if (!e[name as string]) return e
      const { [name as string]: _drop, ...rest } = e
      return rest
    })
  }, [])

  const touch = useCallback((name: keyof V) => setTouched((t) => ({ ...t, [name]: true })), [])

  /** The message under a field: the server's, else the client rule's once touched. */
  const errorFor = (name: keyof V): string | undefined =>
    serverErrors[name as string] || (touched[name] ? clientErrors[name] || undefined : undefined)

  async function submit<T = { message?: string }>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: {
      transform?: (values: V) => unknown
      /** Extra request headers (e.g. an Idempotency-Key). */
      headers?: Record<string, string>
      onSuccess?: (data: T) => void
      onError?: (message: string, error: unknown) => void
      /** Sends the body another way than `api` (an upload with progress); must fail with ApiError as `api` does. */
      send?: (body: unknown) => Promise<T>
    } = {}
  ) {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as any)
    if (!isValid) return
    setProcessing(true)
    try {
      const body = options.transform ? options.transform(values) : values
      const data = options.send
        ? await options.send(body)
        : await api<T>(method, url, body, { headers: options.headers })
      setServerErrors({})
      // A form that succeeded starts over untouched: cleared fields show no "required" messages.
      setTouched({})
      options.onSuccess?.(data)
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors)
      options.onError?.(errorMessage(error), error)
    } finally {
      setProcessing(false)
    }
  }

  return { values, setValue, touch, errorFor, submit, processing, isValid, setValues }
}

export type ApiForm<V extends Values> = ReturnType<typeof useApiForm<V>>
