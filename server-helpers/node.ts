/**
 * `linekit/server/node`: serves a {@link LinekitServer} from Node's `http` module, Express or any
 * connect-style stack (Vite's dev server), through `@hono/node-server`'s `getRequestListener`.
 * The bridge aborts the Web `Request` when the client disconnects (ending SSE streams and
 * upstream calls nobody waits for), streams the body into the core (which stops reading at
 * `maxBodyBytes`) and writes the response with backpressure.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LinekitServer } from './createLinekitServer'
import { messagingError } from './internal/http'
import { loadNodeBridge } from './internal/nodeBridge'

// `@hono/node-server` is a peer this entry needs at run time: loaded here so that an app which
// installed linekit alone hears linekit's sentence with the install command, not Node's
// ERR_MODULE_NOT_FOUND naming a package it never chose.
const { getRequestListener, RequestError } = await loadNodeBridge(() => import('@hono/node-server'))

/** A Node request as Express or connect hand it over (both rewrite `url` when mounted on a path). */
type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown; rawBody?: unknown }
/** Connect / Express `next`. */
export type NextFunction = (error?: unknown) => void
/** `(req, res) => void` for `http.createServer`. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>
/** Connect / Express middleware. */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

/**
 * A listener for `http.createServer(listener)`: every request goes to the linekit server
 * (paths outside its prefix get its 404).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * createServer(toNodeHandler(linekit)).listen(3000)
 * ```
 */
export function toNodeHandler(server: LinekitServer): NodeListener {
  const listener = getRequestListener((request) => server.handle(request), {
    // Never replace the global Request/Response: the app's other code relies on Node's own.
    overrideGlobalObjects: false,
    // The bridge throws a RequestError for a request it cannot turn into a Web Request (a backslash
    // in the path, an invalid Host or target): the client's fault, so a 400 with the error body
    // (spec: Errors), never a 500.
    errorHandler: (error) =>
      error instanceof RequestError
        ? messagingError(
            400,
            'invalid_request',
            'Malformed request path',
            'Use the path the linekit client builds: no backslashes, dot segments or escaped slashes.',
          ).response
        : messagingError(500, 'internal_error', 'Internal error', 'Retry later.').response,
  })
  return async (req, res) => {
    restoreParsedBody(req as NodeRequest)
    await listener(req, res)
  }
}

/**
 * Connect-style middleware for Express or Vite's dev server: handles requests under the
 * server's prefix and calls `next()` for everything else. Mount it at the root or at the
 * prefix (the mount path is read back from `originalUrl`), before any body parser.
 *
 * @example
 * ```ts
 * app.use(toNodeMiddleware(linekit))            // Express
 * server.middlewares.use(toNodeMiddleware(linekit)) // Vite configureServer
 * ```
 */
export function toNodeMiddleware(server: LinekitServer): NodeMiddleware {
  const handler = toNodeHandler(server)
  return (req, res, next) => {
    const nodeReq = req as NodeRequest
    const fullUrl = nodeReq.originalUrl ?? req.url ?? '/'
    const pathname = fullUrl.split('?')[0] ?? '/'
    if (pathname !== server.prefix && !pathname.startsWith(`${server.prefix}/`)) {
      next()
      return
    }
    // Express and connect strip the mount path from req.url; the core routes on the full path.
    req.url = fullUrl
    handler(req, res).catch(next)
  }
}

/**
 * When a JSON body parser already consumed the stream (mounted before us), hand the parsed body
 * back as `rawBody`, which the bridge reads instead of the spent stream.
 */
function restoreParsedBody(req: NodeRequest): void {
  if (req.rawBody instanceof Buffer || req.body === undefined || !req.readableEnded) return
  if (typeof req.body === 'string') req.rawBody = Buffer.from(req.body)
  else if (req.body instanceof Buffer) req.rawBody = req.body
  else if (typeof req.body === 'object' && req.body !== null) req.rawBody = Buffer.from(JSON.stringify(req.body))
}
