/**
 * `linekit/server/next`: Next.js App Router route handlers for a {@link LinekitServer}.
 * Put them in `app/api/linekit/[...linekit]/route.ts` (the folder must match the server's prefix).
 */
import type { LinekitServer } from './createLinekitServer'

/** App Router handlers; Next passes a standard `Request` and streams the returned `Response`. */
export interface NextRouteHandlers {
  GET: (request: Request) => Promise<Response>
  POST: (request: Request) => Promise<Response>
}

/**
 * Route handlers for the App Router. Also export `dynamic = 'force-dynamic'` (every answer is
 * per user) and use the Node.js runtime when the event bus is Redis.
 *
 * @example
 * ```ts
 * // app/api/linekit/[...linekit]/route.ts
 * import { linekit } from '@/server/linekit'
 * import { toNextHandlers } from 'linekit/server/next'
 * export const dynamic = 'force-dynamic'
 * export const { GET, POST } = toNextHandlers(linekit)
 * ```
 */
export function toNextHandlers(server: LinekitServer): NextRouteHandlers {
  const handle = (request: Request) => server.handle(request)
  return { GET: handle, POST: handle }
}
