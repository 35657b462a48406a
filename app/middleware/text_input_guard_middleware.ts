import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { UserFacingException } from '#exceptions/user_facing_exception'

export const INVALID_TEXT = 'This field contains characters that are not allowed'
export const TOO_DEEP = 'The request body is nested too deeply'

/** No form or API body nests deeper than a few levels; this leaves room and stops pathological input early. */
export const MAX_INPUT_DEPTH = 32

/**
 * Refuses (422) any request whose body, query string or route parameters
 * carry a NUL character or ill-formed Unicode (a lone surrogate), and (400)
 * a body nested more than MAX_INPUT_DEPTH levels. No form
 * needs them, PostgreSQL cannot store NUL in text, and some validators throw
 * on lone surrogates — either way such input must not reach a 500.
 */
export default class TextInputGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    // Validators and handlers recurse over the body: a deep one stops here (issue 21 item 7).
    if (deeperThan(ctx.request.all(), MAX_INPUT_DEPTH)) {
      throw new UserFacingException(TOO_DEEP, { status: 400, code: 'E_TOO_DEEP' })
    }
    const field =
      findInvalidText(ctx.request.all()) ?? findInvalidText(decodedParams(ctx.params ?? {}))
    if (field !== null) {
      throw new UserFacingException(INVALID_TEXT, { field: field || 'request' })
    }
    return next()
  }
}

/** Route parameters as handlers may decode them (the file server decodes its path itself). */
function decodedParams(params: Record<string, unknown>) {
  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode)
    if (typeof value !== 'string') return value
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decode(v)]))
}

const isBadText = (s: string) => s.includes('\u0000') || !isWellFormed(s)

function isWellFormed(s: string) {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed
  if (native) return native.call(s)
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)
}

/**
 * The dotted path of the first bad string or key, '' for a bad top-level
 * value, null when everything is clean. Walks iteratively: bodies may be
 * nested thousands of levels deep.
 */
export function findInvalidText(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']]
  while (stack.length) {
    const [value, path] = stack.pop()!
    if (typeof value === 'string') {
      if (isBadText(value)) return path
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key
        if (isBadText(key)) return path
        stack.push([child, childPath])
      }
    }
  }
  return null
}

/** Whether objects and arrays nest more than `max` levels (walked iteratively). */
export function deeperThan(input: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[input, 0]]
  while (stack.length) {
    const [value, depth] = stack.pop()!
    if (!value || typeof value !== 'object') continue
    if (depth >= max) return true
    for (const child of Object.values(value)) stack.push([child, depth + 1])
  }
  return false
}
