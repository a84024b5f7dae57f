/**
 * Vite plugin for `npm start`: mounts `linekit/server` as dev-server middleware through the
 * Node adapter (`linekit/server/node`), and — in mock mode — the mock's control API at
 * `/__mock/*` (dev only: it can reset the service, so it never exists in a build).
 * The backend is loaded through Vite's SSR module loader, so it uses the same `linekit/*`
 * aliases and TypeScript sources as the page.
 */
import type { Plugin } from 'vite'
import { getRequestListener } from '@hono/node-server'
import type * as Backend from './backend'
import type * as NodeAdapter from '../server-helpers/node'

/** The Vite plugin; see the file comment. */
export function linekitPlayground(options: Backend.PlaygroundBackendOptions = {}): Plugin {
  return {
    name: 'linekit-playground',
    apply: 'serve',
    async configureServer(vite) {
      const { createPlaygroundBackend } = (await vite.ssrLoadModule('/backend.ts')) as typeof Backend
      const { toNodeMiddleware } = (await vite.ssrLoadModule('linekit/server/node')) as typeof NodeAdapter
      const backend = createPlaygroundBackend(options)
      const { control: controlApi } = backend
      if (controlApi) {
        const control = getRequestListener(controlApi, { overrideGlobalObjects: false })
        vite.middlewares.use((req, res, next) => {
          if (!req.url?.startsWith('/__mock/')) return next()
          control(req, res).catch(next)
        })
      }
      vite.middlewares.use(toNodeMiddleware(backend.server))
      vite.httpServer?.once('close', () => void backend.close())
      vite.config.logger.info(
        backend.mode === 'mock'
          ? `  linekit: mock service in-process (control API at /__mock/*), routes at ${backend.server.prefix}`
          : `  linekit: real service; webhook URL: <your public origin>${backend.server.prefix}/webhooks/${backend.webhookSecret}`,
      )
    },
  }
}
