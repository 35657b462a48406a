import app from '@adonisjs/core/services/app'
import { addressMatcher } from '#domain/ip_addresses'

/**
 * Makes the test server trust X-Forwarded-For from `proxies`, as
 * TRUSTED_PROXIES=<proxies> does at boot (config/app.ts compiles the same
 * matcher); returns the undo. The test client's socket peer is 127.0.0.1, so
 * 'loopback' makes it the configured proxy and each request's X-Forwarded-For
 * its client address. Usable as a Japa setup hook (the undo is its cleanup).
 * Only request.ip()/ips() follow the swap at once: the http server caches its
 * per-peer trust answer for host()/protocol(), which these tests do not use.
 */
export function trustProxies(proxies: string) {
  const http = app.config.get<{ trustProxy: unknown }>('app.http')
  const previous = http.trustProxy
  http.trustProxy = addressMatcher(proxies)
  return () => {
    http.trustProxy = previous
  }
}

/** Runs `run` with `proxies` trusted (see trustProxies). */
export async function behindProxies<T>(proxies: string, run: () => Promise<T>) {
  const undo = trustProxies(proxies)
  try {
    return await run()
  } finally {
    undo()
  }
}
