import { subscribe } from 'node:diagnostics_channel'
import type { ServerResponse } from 'node:http'

/*
 * Requests the test server is still answering. A test's global transaction is rolled back
 * when the test ends; a request still running then (a page's last fetches in a browser test)
 * would write into the rolled-back transaction ("Transaction query already complete") or, worse,
 * into the next test's. The teardown waits for them first. Server-Sent Event streams stay open
 * for as long as their tab: they are not waited for.
 */
const open = new Set<ServerResponse>()

subscribe('http.server.request.start', (message) => {
  const { request, response } = message as { request: { url?: string }; response: ServerResponse }
  if (!request.url?.startsWith('/__transmit/events')) open.add(response)
})
subscribe('http.server.response.finish', (message) => {
  open.delete((message as { response: ServerResponse }).response)
})

/** Resolves once no request is being answered (a closed or ended response counts as done), or after `timeoutMs`. */
export async function requestsSettled(timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    for (const response of open)
      if (response.destroyed || response.writableFinished) open.delete(response)
    if (open.size === 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
