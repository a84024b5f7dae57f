/**
 * `linekit/server/next`: Next.js App Router route handlers for a {@link LinekitServer}.
 * Put them in `app/api/linekit/[...path]/route.ts` (the folder must match the server's prefix).
 */
import type { LinekitServer } from './createLinekitServer'

/** App Router handlers; Next passes a standard `Request` and streams the returned `Response`. */
export interface NextRouteHandlers {
  GET: (request: Request) => Promise<Response>
  POST: (request: Request) => Promise<Response>
}

/**
 * Route handlers for the App Router. Pass a function that returns the server to create it on the
 * first request: `next build` evaluates route modules without the runtime secrets, and
 * `createLinekitServer` refuses to start without an API key. No route segment config is needed
 * (with `cacheComponents`, Next refuses `dynamic` and `runtime`; these handlers read the request,
 * so they are never prerendered).
 *
 * @example
 * ```ts
 * // app/api/linekit/[...path]/route.ts
 * import { toNextHandlers } from 'linekit/server/next'
 * import { linekitServer } from '@/lib/linekit'
 * export const { GET, POST } = toNextHandlers(linekitServer)
 * ```
 */
export function toNextHandlers(server: LinekitServer | (() => LinekitServer)): NextRouteHandlers {
  const handle = (request: Request) => (typeof server === 'function' ? server() : server).handle(request)
  return { GET: handle, POST: handle }
}
