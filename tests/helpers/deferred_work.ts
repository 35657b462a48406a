import { settleDeferred } from '#services/deferred'

/**
 * Requests answer before their deferred work (mail delivery) is done. Test
 * requests (the api client, BrowserSession) wait for that work after the
 * answer, so a test reads the mails right after its request, as a user would
 * find them in the inbox. A test proving that the answer does not wait turns
 * this off around its own request.
 */
let waiting = true

export async function afterTestRequest() {
  if (waiting) await settleDeferred()
}

export async function withoutWaitingForDeferredWork<T>(run: () => Promise<T>) {
  waiting = false
  try {
    return await run()
  } finally {
    waiting = true
  }
}
