import { readFile, writeFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace routes:registry [--check]`: writes the server's named routes to
 * inertia/lib/routes.generated.ts, the registry the browser's `route()` reads
 * (#domain/route_registry). `--check` writes nothing and exits 1 while the
 * file differs from the routes (a route added, renamed or removed).
 */
export default class RoutesRegistry extends BaseCommand {
  static commandName = 'routes:registry'
  static description = "Write the browser's typed registry of the named routes"
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Only check that the registry is up to date' })
  declare check?: boolean

  async run() {
    const { currentRouteRegistry } = await import('#services/route_registry_source')
    const { REGISTRY_PATH } = await import('#domain/route_registry')
    const path = this.app.makePath(REGISTRY_PATH)
    const source = await currentRouteRegistry(path)
    const existing = await readFile(path, 'utf8').catch(() => null)
    if (this.check) {
      if (existing === source) return this.logger.success(`${REGISTRY_PATH} is up to date`)
      this.logger.error(`${REGISTRY_PATH} is out of date: run node ace routes:registry`)
      this.exitCode = 1
      return
    }
    if (existing !== source) await writeFile(path, source)
    this.logger.success(`${REGISTRY_PATH} written`)
  }
}
