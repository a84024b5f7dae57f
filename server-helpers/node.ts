/**
 * `linekit/server/node`: serves a {@link LinekitServer} from Node's `http` module, Express or
 * any connect-style stack (Vite's dev server), through `@hono/node-server`'s bridge. The bridge
 * aborts the Web `Request` when the client disconnects (ending SSE streams and upstream calls)
 * and streams the body into the core, which stops reading at `maxBodyBytes` (413). Responses the
 * core holds as text, and event streams, are written to the socket directly (no Web stream in
 * between); an event stream whose client lets 1 MB pile up unread is cut off (it reconnects with
 * Last-Event-ID and gets the replay).
 */
import type { IncomingMessage } from 'node:http'
import { ServerResponse } from 'node:http'
import type { Http2ServerResponse } from 'node:http2'
import { getRequestListener } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { CoreContext, LinekitServer, Outcome } from './createLinekitServer'
import type { Cancellation } from './internal/upstream'
import { outcomeKey, toResponse } from './createLinekitServer'
import { Reply } from './internal/http'
import { SseReply } from './internal/sse'

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
  // The outcome before it becomes a Response, when `server` comes from createLinekitServer.
  const respond = (
    server as LinekitServer & { [outcomeKey]?: (request: Request, context: CoreContext) => Promise<Outcome> }
  )[outcomeKey]
  const listener = getRequestListener(
    async (request, { outgoing }) => {
      const outcome = respond
        ? await respond(request, { cancel: new ClosedEarly(outgoing) })
        : await server.handle(request)
      return writeDirect(outcome, outgoing) ? RESPONSE_ALREADY_SENT : toResponse(outcome)
    },
    {
      // Never replace the global Request/Response: the app's other code relies on Node's own.
      overrideGlobalObjects: false,
      errorHandler: () =>
        new Response(JSON.stringify({ error: 'Internal error', code: 'internal_error', hint: 'Retry later.' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    },
  )
  return async (req, res) => {
    restoreParsedBody(req as NodeRequest)
    await listener(req, res)
  }
}

/**
 * Writes the answers whose content the core holds — {@link Reply} (every JSON answer and relayed
 * upstream body) and event streams — straight to the socket, with no Web Response or stream in
 * between: the proxy's hot path and the SSE fan-out. Returns false for a `Response` (one the app's
 * `authorize` threw) and on HTTP/2, which the bridge writes as usual.
 */
function writeDirect(outcome: Outcome, outgoing: ServerResponse | Http2ServerResponse): boolean {
  if (!(outgoing instanceof ServerResponse)) return false
  if (outcome instanceof Reply) {
    const { body } = outcome
    const headers =
      body === null
        ? outcome.headers
        : {
            ...outcome.headers,
            'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength),
          }
    if (outcome.statusText) outgoing.writeHead(outcome.status, outcome.statusText, headers)
    else outgoing.writeHead(outcome.status, headers)
    outgoing.end(body ?? undefined)
    return true
  }
  if (!(outcome instanceof SseReply)) return false
  outgoing.writeHead(outcome.status, outcome.headers)
  outgoing.flushHeaders()
  // The client leaving aborts the request (the bridge's close handler), which ends the session.
  outcome.session.attach({
    write: (chunk) => void outgoing.write(chunk),
    queuedBytes: () => outgoing.writableLength,
    close: () => void outgoing.end(),
  })
  return true
}

/**
 * The client leaving before its answer was sent — the response closing unfinished — as a
 * {@link Cancellation}: what the bridge's `request.signal` tells, on the response's EventEmitter
 * instead of an AbortController and EventTarget listeners per request.
 */
class ClosedEarly implements Cancellation {
  readonly reason = clientGone
  constructor(private readonly outgoing: ServerResponse | Http2ServerResponse) {}
  get aborted(): boolean {
    const { outgoing } = this
    return (outgoing.destroyed || outgoing.socket?.destroyed === true) && !outgoing.writableFinished
  }
  subscribe(listener: () => void): () => void {
    const { outgoing } = this
    const onClose = () => {
      if (!outgoing.writableFinished) listener()
    }
    outgoing.once('close', onClose)
    return () => void outgoing.off('close', onClose)
  }
}

const clientGone = new Error('The client closed the connection; the upstream call was aborted.')

/** Alias of {@link toNodeHandler}. */
export const createNodeListener = toNodeHandler

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

/** Alias of {@link toNodeMiddleware} under the name Express users look for. */
export const createNodeMiddleware = toNodeMiddleware

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

export { createNodeFetch } from './nodeFetch'
export type { NodeFetchOptions } from './nodeFetch'
