import router from '@adonisjs/core/services/router'
import * as prettier from 'prettier'
import { renderRouteRegistry, type NamedRoute } from '#domain/route_registry'

/** The registry file as it should read now: the router's named routes, formatted as the project's Prettier writes it. */
export async function currentRouteRegistry(filepath: string): Promise<string> {
  // The lookup store is filled on commit, which the HTTP server does on start; a command commits here.
  if (Object.keys(router.toJSON()).length === 0) router.commit()
  const routes: NamedRoute[] = []
  for (const domain of Object.values(router.toJSON())) {
    for (const route of domain)
      if (route.name) routes.push({ name: route.name, pattern: route.pattern })
  }
  const options = (await prettier.resolveConfig(filepath)) ?? {}
  return prettier.format(renderRouteRegistry(routes), { ...options, filepath })
}
