import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ViteMiddleware from '@adonisjs/vite/vite_middleware'
import { isDevAssetPath } from '#services/dev_asset_paths'

/**
 * Vite's development middleware, handed only front-end paths. Vite's root is the
 * project, so every other request (the database, uploads, sources) goes straight
 * to the router, which knows no such route: 404. In production Vite is absent.
 */
@inject()
export default class DevAssetsMiddleware {
  constructor(private vite: ViteMiddleware) {}

  handle(ctx: HttpContext, next: NextFn) {
    if (!isDevAssetPath(ctx.request.request.url ?? '/', app.appRoot.pathname)) return next()
    return this.vite.handle(ctx, next)
  }
}
