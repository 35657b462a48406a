import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { UserFacingException } from '#exceptions/user_facing_exception'

export const INVALID_TEXT = 'This field contains characters that are not allowed'

/**
 * Refuses (422) any request whose body, query string or route parameters
 * carry a NUL character or ill-formed Unicode (a lone surrogate). No form
 * needs them, PostgreSQL cannot store NUL in text, and some validators throw
 * on lone surrogates — either way such input must not reach a 500.
 */
export default class TextInputGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
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
