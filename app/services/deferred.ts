import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'

/**
 * Work a request starts but must not wait for (mail delivery): it begins on a
 * later turn of the event loop, the request answers at once, and a failure is
 * logged, never thrown (nothing can reject unhandled and stop the process).
 * In memory: work still running when the process dies is lost — a reset or a
 * verification link is simply asked for again.
 */
const running = new Set<Promise<void>>()
let held: (() => void)[] | null = null

export function runAfterResponse(label: string, work: () => Promise<unknown>) {
  if (held) held.push(() => start(label, work))
  else start(label, work)
}

function start(label: string, work: () => Promise<unknown>) {
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error) => logger.error({ err: error }, `${label} failed`)
    )
    .finally(() => running.delete(job))
  running.add(job)
}

/** Resolves once no started deferred work is running (shutdown; tests before they look at mails). */
export async function settleDeferred() {
  while (running.size) await Promise.allSettled([...running])
}

/**
 * Keeps new deferred work from starting until the returned release() is
 * called: a test holds it to show that an answer never waits for that work.
 */
export function holdDeferredWork() {
  const queue: (() => void)[] = (held ??= [])
  return () => {
    if (held === queue) held = null
    for (const begin of queue.splice(0)) begin()
  }
}

/** A graceful stop lets started deliveries finish. */
app.terminating(() => settleDeferred())
