/**
 * The in-process fast path: dispatches a request straight to the runner of the handler that
 * MSW would pick, for handlers made by `defineHandler` (they match the exact pathname on any
 * host, as their MSW predicate does). Anything else goes through MSW's `getResponse`, so handlers added
 * by hand still work. Both paths run the same runner.
 */
import { getResponse, type RequestHandler } from 'msw'
import {
  compilePath,
  decodeParams,
  errorResponse,
  malformedPathResponse,
  pathnameOf,
  routeMeta,
  type RouteRunner,
} from './route'

interface ParamRoute {
  method: string
  regex: RegExp
  names: string[]
  run: RouteRunner
}

/** Builds a dispatcher over `handlers` (re-built when the array's length changes). */
export function createDispatcher(handlers: RequestHandler[]): (request: Request) => Promise<Response | undefined> {
  let builtFor = -1
  let exact = new Map<string, RouteRunner>()
  let params: ParamRoute[] = []

  function build() {
    exact = new Map()
    params = []
    // Only a prefix of the list made by defineHandler can be dispatched directly without
    // changing which handler wins; stop at the first handler MSW must resolve itself.
    for (const handler of handlers) {
      const meta = routeMeta(handler)
      if (!meta) break
      if (!meta.path.includes(':')) {
        const key = `${meta.method} ${meta.path}`
        if (!exact.has(key)) exact.set(key, meta.run)
        continue
      }
      params.push({ method: meta.method, ...compilePath(meta.path), run: meta.run })
    }
    builtFor = handlers.length
  }

  return async (request) => {
    if (builtFor !== handlers.length) build()
    const pathname = pathnameOf(request.url)
    const run = exact.get(`${request.method} ${pathname}`)
    if (run) return run(request, {})
    for (const route of params) {
      if (route.method !== request.method) continue
      const m = route.regex.exec(pathname)
      if (!m) continue
      const values = decodeParams(route.names, m)
      return values ? route.run(request, values) : malformedPathResponse()
    }
    try {
      return await getResponse(handlers, request)
    } catch (error) {
      // path-to-regexp (handlers added by hand) throws URIError on malformed percent-encoding.
      if (error instanceof URIError) return malformedPathResponse()
      return errorResponse(error)
    }
  }
}
