import { DEMO_PASSWORD } from '#tests/helpers/users'
import { afterTestRequest } from '#tests/helpers/deferred_work'
import { secondFactorCodeFor } from '#tests/helpers/two_factor'

/**
 * A cookie-keeping HTTP client that talks to the test server the way the
 * browser does: it keeps the session cookie between requests, reads the
 * XSRF-TOKEN cookie Shield sets and echoes it as X-XSRF-TOKEN on writes, and
 * does not follow redirects (the test reads Location itself).
 *
 * Japa's api client starts a new session for every request and destroys it
 * afterwards, so flows that span requests (log in, then use the session, then
 * log out) go through this client.
 */
export class BrowserSession {
  #cookies = new Map<string, string>()

  constructor(
    readonly baseUrl = `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT ?? '3333'}`
  ) {}

  cookie(name: string) {
    return this.#cookies.get(name)
  }

  /** Forgets a cookie, as a browser does with a session cookie when it closes. */
  dropCookie(name: string) {
    this.#cookies.delete(name)
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.send('GET', path, undefined, headers)
  }

  /** GET as a JSON caller. */
  getJson(path: string) {
    return this.send('GET', path, undefined, { accept: 'application/json' })
  }

  post(path: string, body?: unknown) {
    return this.send('POST', path, body)
  }

  put(path: string, body?: unknown) {
    return this.send('PUT', path, body)
  }

  /** A multipart form (FormData) POST, as the browser's fetch helper sends uploads. */
  postForm(path: string, form: FormData) {
    return this.send('POST', path, form)
  }

  /** Loads the login page once so the session and XSRF cookies exist, as a browser would. */
  async open() {
    const response = await this.get('/')
    return response
  }

  async send(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = { ...extra }
    if (this.#cookies.size) {
      headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    }
    if (method !== 'GET') {
      headers.accept ??= 'application/json'
      const xsrf = this.#cookies.get('XSRF-TOKEN')
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
      if (body !== undefined && !(body instanceof FormData))
        headers['content-type'] = 'application/json'
    }
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    })
    this.#store(response.headers.getSetCookie())
    const text = await response.text()
    await afterTestRequest()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {}
    return {
      status: response.status,
      location: response.headers.get('location'),
      headers: response.headers,
      text,
      body: json,
    }
  }

  #store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      const expired = attributes.some((a) => {
        const [k, v] = a.split('=')
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now()
        return false
      })
      if (expired || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
}

/**
 * A browser signed in through the real login form (the session cookie and
 * XSRF token it got); an account with a second factor (all staff) completes
 * the code step with a fresh recovery code.
 */
export async function signedInBrowser(email: string, password = DEMO_PASSWORD) {
  const browser = new BrowserSession()
  await browser.open()
  const code = await secondFactorCodeFor(email)
  const login = await browser.post('/auth/login', { email, password })
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`)
  if (code) {
    const step = await browser.post('/login/two-factor', { code })
    if (step.status !== 200) throw new Error(`code step failed: ${step.status} ${step.text}`)
  }
  return browser
}
