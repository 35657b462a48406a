import { Roles } from './roles.js'

/**
 * Live tracking (CRM spec §2.9, issue 14): every page a customer opens is
 * published on `track:{userId}` as `{ url, time }`.
 */
export interface PageVisit {
  /** Path and query string of the page, e.g. `/trades?page=2`. */
  url: string
  /** ISO 8601 instant. */
  time: string
}

export interface RequestFacts {
  method: string
  roleId: number | null
  /** A staff member signed in as the customer (login-as): their browsing is not the customer's. */
  impersonating: boolean
  /** The request carried `X-Inertia` (a client-side visit). */
  inertiaRequest: boolean
  /** A partial reload (`X-Inertia-Partial-Data`/`-Except`): the same page refreshing props. */
  partialReload: boolean
  /** The request prefers HTML over JSON (a full page load by a browser). */
  prefersHtml: boolean
  status: number
  /** The response is an Inertia page: the `X-Inertia` response header, or an HTML string body. */
  renderedPage: boolean
}

/**
 * A page visit to publish: a customer (not a login-as session) opened a page
 * that rendered (2xx). Not staff, not JSON API calls, not partial reloads,
 * not redirects or errors, not assets (served before the router, they never
 * reach this rule) and not the events stream.
 */
export function isTrackedPageVisit(facts: RequestFacts): boolean {
  if (facts.roleId !== Roles.CUSTOMER || facts.impersonating) return false
  if (facts.method !== 'GET' || facts.status < 200 || facts.status >= 300) return false
  if (!facts.renderedPage) return false
  if (facts.inertiaRequest) return !facts.partialReload
  return facts.prefersHtml
}

/** How many visits the Tracking tab keeps (a long session must not grow the page without bound). */
export const TRACKING_LIST_LIMIT = 200

/**
 * The Tracking tab's list after a new message: newest first, a URL already
 * in the list is skipped (spec: "skipping duplicate URLs"). A message that is
 * not a visit is ignored.
 */
export function addVisit(list: readonly PageVisit[], message: unknown): readonly PageVisit[] {
  if (typeof message !== 'object' || message === null) return list
  const { url, time } = message as Record<string, unknown>
  if (typeof url !== 'string' || url === '' || typeof time !== 'string') return list
  if (list.some((visit) => visit.url === url)) return list
  return [{ url, time }, ...list].slice(0, TRACKING_LIST_LIMIT)
}
