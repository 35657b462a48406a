import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { transmitRequestProblem } from '#domain/channels'

/**
 * Runs before Transmit's own controllers (start/transmit.ts), which pass
 * `uid` and `channel` to the library unchecked: a null, array, object or
 * number channel made it throw (500). A bad shape is a 400 here instead.
 */
export async function transmitRequestGuard(ctx: HttpContext, next: NextFn) {
  const isEventStream = ctx.request.method() === 'GET'
  const input = isEventStream ? ctx.request.qs() : ctx.request.body()
  const problem = transmitRequestProblem(input, isEventStream ? ['uid'] : ['uid', 'channel'])
  if (problem) return ctx.response.badRequest({ message: problem.message, errors: [problem] })
  return next()
}
