import type { ApiClient, ApiRequest } from '@japa/api-client'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/**
 * A request as the browser's fetch helper sends it: Accept JSON, and for
 * writes a JSON body with a valid CSRF token.
 */
export function api(client: ApiClient, method: Method, url: string, body?: unknown): ApiRequest {
  const request = client[method](url).header('Accept', 'application/json')
  if (method === 'get') return request
  if (body !== undefined) request.json(body as object)
  return request.withCsrfToken()
}

/** The field → message pairs of a `{ message, errors: [{ field, message }] }` failure. */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors = (body as { errors?: { field?: string; message: string }[] })?.errors ?? []
  const out: Record<string, string> = {}
  for (const e of errors) if (e.field && !(e.field in out)) out[e.field] = e.message
  return out
}
