import { fillRoutePattern } from '@domain/route_registry'
import { ROUTES } from '~/lib/routes.generated'

/** A named route of the server (start/routes), as `node ace routes:registry` lists them. */
export type RouteName = keyof typeof ROUTES

type Unmarked<P extends string> = P extends `${infer Name}?` ? Name : P
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Unmarked<Param> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Unmarked<Param>
    : never

/** The parameters a route's pattern names (`/admin/pricing/:id` → `id`). */
export type RouteParamsOf<N extends RouteName> = ParamNames<(typeof ROUTES)[N]>

type Query = Record<string, string | number | boolean | null | undefined>

type RouteArgs<N extends RouteName> = [RouteParamsOf<N>] extends [never]
  ? [params?: Record<string, never>, query?: Query]
  : [params: Record<RouteParamsOf<N>, string | number>, query?: Query]

/**
 * The URL of a named route (issue 26 item 2): pages name routes instead of
 * spelling URLs, a name or parameter the server does not have fails the type
 * check, and a renamed path changes nowhere but the server. `query` is
 * appended without its empty values.
 */
export function route<N extends RouteName>(name: N, ...[params, query]: RouteArgs<N>): string {
  const path = fillRoutePattern(ROUTES[name], params)
  if (!query) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
