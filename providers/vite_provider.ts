import type { ApplicationService } from '@adonisjs/core/types'
import { Vite } from '@adonisjs/vite'
import ViteMiddleware from '@adonisjs/vite/vite_middleware'

declare module '@adonisjs/core/types' {
  interface ContainerBindings {
    vite: Vite
  }
}

/**
 * @adonisjs/vite's provider with one addition: a test run may render pages
 * with the built front end (`TEST_ASSETS=built`, after `node ace build` or
 * `npx vite build`) instead of the Vite dev server's modules. A browser test
 * then loads each page from a few bundles rather than hundreds of modules,
 * which is what makes CI's browser suite affordable twice (SQLite and
 * PostgreSQL). The dev server still runs, so the tests of what it may serve
 * keep testing it.
 */
export default class ViteProvider {
  #runsDevServer: boolean
  #pagesUseBuild: boolean

  constructor(protected app: ApplicationService) {
    const environment = app.getEnvironment()
    this.#runsDevServer =
      (app.inDev || app.inTest) && (environment === 'web' || environment === 'test')
    this.#pagesUseBuild =
      !this.#runsDevServer || (app.inTest && process.env.TEST_ASSETS === 'built')
  }

  register() {
    const vite = new Vite(!this.#pagesUseBuild, this.app.config.get('vite'))
    this.app.container.bind('vite', () => vite)
    this.app.container.singleton(ViteMiddleware, () => new ViteMiddleware(vite))
  }

  async boot() {
    await this.#registerEdgePlugin()
    await this.#registerShieldKeyword()
    if (!this.#runsDevServer) return
    const vite = await this.app.container.make('vite')
    await vite.createDevServer()
  }

  async shutdown() {
    if (!this.#runsDevServer) return
    const vite = await this.app.container.make('vite')
    await vite.stopDevServer()
  }

  async #registerEdgePlugin() {
    if (!this.app.usingEdgeJS) return
    const edge = await import('edge.js')
    const { edgePluginVite } = await import('@adonisjs/vite/plugins/edge')
    edge.default.use(edgePluginVite(await this.app.container.make('vite')))
  }

  /** The `@viteUrl` CSP keyword, as upstream registers it. */
  async #registerShieldKeyword() {
    const { cspKeywords } = await import('@adonisjs/shield')
    const vite = await this.app.container.make('vite')
    cspKeywords.register('@viteUrl', () => {
      const url = vite.assetsUrl()
      return url?.startsWith('http://') || url?.startsWith('https://') ? url : ''
    })
  }
}
