import app from '@adonisjs/core/services/app'
import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { Exception } from '@adonisjs/core/exceptions'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as authErrors } from '@adonisjs/auth'
import { UserFacingException } from '#exceptions/user_facing_exception'
import { redactHeaders, redactUrl } from '#domain/redaction'

type FieldError = { field: string; message: string; rule?: string }

// ENAMETOOLONG: the file system refuses a key longer than a file name may be; no such file exists.
const REFUSED_FILE_KEYS = new Set([
  'E_PATH_TRAVERSAL_DETECTED',
  'E_UNALLOWED_CHARACTERS',
  'ENAMETOOLONG',
])

/**
 * One error shape for every fetch call: `{ message, errors: [{ field, message }] }`.
 * The browser shows `errors` under fields and `message` in a toast.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = !app.inProduction

  protected renderStatusPages = true

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = {
    '403': (error, { inertia }) => inertia.render('errors/forbidden', { message: error.message }),
    '404': (_, { inertia }) => inertia.render('errors/not_found', {}),
    '500..599': (_, { inertia }) => inertia.render('errors/server_error', {}),
  }

  async handle(error: unknown, ctx: HttpContext) {
    error = this.normalize(error)
    if (this.wantsJson(ctx)) {
      const payload = this.jsonFor(error)
      if (payload) return ctx.response.status(payload.status).send(payload.body)
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      return ctx.response.status(429).send(error.message)
    }
    return super.handle(error, ctx)
  }

  /**
   * The development page (Youch) lists the request's headers and cookies: it
   * gets a copy of the request without their values (session, CSRF token).
   */
  async renderErrorAsHTML(
    error: Parameters<ExceptionHandler['renderErrorAsHTML']>[0],
    ctx: HttpContext
  ) {
    const raw = ctx.request.request
    const headers = redactHeaders(raw.headers)
    const redacted = {
      url: redactUrl(raw.url ?? '/'),
      method: raw.method,
      httpVersion: raw.httpVersion,
      headers,
    }
    const request = Object.create(ctx.request, { request: { value: redacted } })
    return super.renderErrorAsHTML(error, Object.create(ctx, { request: { value: request } }))
  }

  async report(error: unknown, ctx: HttpContext) {
    // A refusal we chose to answer (e.g. 502 when a payment provider declines) is logged where it happens, not as a crash.
    if (error instanceof UserFacingException) return
    return super.report(this.normalize(error), ctx)
  }

  /**
   * The file server (drive, /uploads/*) throws 500-status errors for paths it
   * refuses (traversal, odd characters): to the visitor that file does not exist.
   */
  private normalize(error: unknown) {
    // Drive wraps the file system's error (E_CANNOT_SERVE_FILE): the root cause says what went wrong.
    let root = error as { code?: string; cause?: unknown } | undefined
    const codes: string[] = []
    for (let depth = 0; root && depth < 5; depth++, root = root.cause as typeof root) {
      if (typeof root.code === 'string') codes.push(root.code)
    }
    if (codes.some((code) => REFUSED_FILE_KEYS.has(code))) {
      return new Exception('Not found', { status: 404, code: 'E_NOT_FOUND' })
    }
    return clientSafe(error)
  }

  private wantsJson(ctx: HttpContext) {
    // The lead-intake API (start/routes/lead_intake_api.ts) answers JSON whatever the client accepts.
    if (ctx.request.url().startsWith('/api/')) return true
    if (ctx.request.header('x-inertia')) return false
    return ctx.request.accepts(['html', 'json']) === 'json'
  }

  private jsonFor(error: unknown): { status: number; body: object } | null {
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as FieldError[]).map(({ field, message, rule }) => ({
        field,
        message,
        rule,
      }))
      return { status: 422, body: { message: errors[0]?.message ?? 'Invalid input', errors } }
    }
    if (error instanceof UserFacingException) {
      const errors =
        error.fieldErrors ?? (error.field ? [{ field: error.field, message: error.message }] : [])
      return { status: error.status, body: { message: error.message, errors } }
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      return { status: 429, body: { message: error.message, errors: [] } }
    }
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
      return { status: 404, body: { message: 'Not found', errors: [] } }
    }
    if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
      return { status: 401, body: { message: 'Please log in to continue', errors: [] } }
    }
    const status = (error as { status?: number }).status
    if (status && status >= 400 && status < 500) {
      return {
        status,
        body: { message: (error as Error).message || 'Request refused', errors: [] },
      }
    }
    return null
  }
}

/**
 * A 4xx error that is not one of ours or the framework's (a parser's
 * SyntaxError or RangeError with a status stuck on it, a library's plain
 * Error) keeps its status but not its text: internal messages ("Maximum call
 * stack size exceeded", a parser's position) never reach a client (issue 21
 * item 7). Exceptions (@adonisjs/core/exceptions) and VineJS's validation
 * error carry messages written for the client and pass unchanged.
 */
export function clientSafe(error: unknown) {
  if (error instanceof Exception || error instanceof vineErrors.E_VALIDATION_ERROR) return error
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status !== 'number' || status < 400 || status >= 500) return error
  return new Exception(clientMessage(error, status), { status, code: 'E_BAD_REQUEST' })
}

function clientMessage(error: unknown, status: number) {
  if (error instanceof RangeError) return 'The request body is nested too deeply'
  if (error instanceof SyntaxError) return 'The request body is not valid JSON'
  if (status === 413) return 'The request body is too large'
  if (status === 415) return 'This content type is not supported'
  return 'The request could not be read'
}
