/**
 * The one way the browser calls the server outside Inertia visits: JSON in and
 * out, the session cookie, and the CSRF token echoed from the XSRF-TOKEN cookie.
 * Failures become an ApiError carrying the server's message and field errors.
 */
export type FieldErrors = Record<string, string>

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
    public fieldErrors: FieldErrors = {}
  ) {
    super(message)
  }
}

export const SOMETHING_WENT_WRONG = 'Something went wrong'

export function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : null
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export async function api<T = { message?: string }>(
  method: Method,
  url: string,
  body?: unknown,
  options: { headers?: Record<string, string> } = {}
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const token = xsrfToken()
  if (token) headers['X-XSRF-TOKEN'] = token
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body)
  }

  let response: Response
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin' })
  } catch {
    throw new ApiError(SOMETHING_WENT_WRONG, 0)
  }
  const text = await response.text()
  let data: any = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    data = null
  }
  if (!response.ok) {
    const fieldErrors: FieldErrors = {}
    for (const e of (data?.errors ?? []) as { field?: string; message: string }[]) {
      if (e.field && !fieldErrors[e.field]) fieldErrors[e.field] = e.message
    }
    throw new ApiError(data?.message || SOMETHING_WENT_WRONG, response.status, fieldErrors)
  }
  return data as T
}

/** The message to toast for a failed call: the server's, else the given fallback. */
export function errorMessage(error: unknown, fallback = SOMETHING_WENT_WRONG) {
  return error instanceof ApiError && error.message ? error.message : fallback
}

/**
 * A multipart POST through XMLHttpRequest, so the upload's progress can be
 * shown (fetch reports none): `onProgress` gets 0…1 while the bytes go up,
 * then 1 while the server works. Answers and fails as `api` does.
 */
export function uploadWithProgress<T = { message?: string }>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('Accept', 'application/json')
    const token = xsrfToken()
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.upload.onload = () => onProgress(1)
    xhr.onerror = () => reject(new ApiError(SOMETHING_WENT_WRONG, 0))
    xhr.onload = () => {
      let data: any = null
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null
      } catch {
        data = null
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T)
      const fieldErrors: FieldErrors = {}
      for (const e of (data?.errors ?? []) as { field?: string; message: string }[]) {
        if (e.field && !fieldErrors[e.field]) fieldErrors[e.field] = e.message
      }
      reject(new ApiError(data?.message || SOMETHING_WENT_WRONG, xhr.status, fieldErrors))
    }
    xhr.send(form)
  })
}
