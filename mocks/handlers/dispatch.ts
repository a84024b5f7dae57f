/**
 * The in-process fast path: dispatches a request straight to the runner of the handler that
 * MSW would pick, for handlers made by `defineHandler` whose path matches exactly (no host
 * prefix beyond the origin). Anything else goes through MSW's `getResponse`, so handlers added
 * by hand still work. Both paths run the same runner.
 */
import { getResponse, type RequestHandler } from 'msw'
import { fail } from '../service/errors'
import { errorResponse } from './route'
import { routeMeta, type RouteRunner } from './route'

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
      const names: string[] = []
      const source = meta.path
        .split('/')
        .map((part) => {
          if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          names.push(part.slice(1))
          return '([^/]+)'
        })
        .join('/')
      params.push({ method: meta.method, regex: new RegExp(`^${source}$`), names, run: meta.run })
    }
    builtFor = handlers.length
  }

  return async (request) => {
    if (builtFor !== handlers.length) build()
    const url = request.url
    // Pathname without parsing the whole URL: after "scheme://host", up to "?" or "#".
    const start = url.indexOf('/', url.indexOf('//') + 2)
    let end = url.length
    const q = url.indexOf('?', start)
    if (q >= 0) end = q
    const h = url.indexOf('#', start)
    if (h >= 0 && h < end) end = h
    const pathname = start < 0 ? '/' : url.slice(start, end)
    const run = exact.get(`${request.method} ${pathname}`)
    if (run) return run(request, {})
    for (const route of params) {
      if (route.method !== request.method) continue
      const m = route.regex.exec(pathname)
      if (!m) continue
      const values: Record<string, string> = {}
      try {
        route.names.forEach((name, i) => (values[name] = decodeURIComponent(m[i + 1] ?? '')))
      } catch {
        return errorResponse(
          fail(
            400,
            'invalid_request',
            'Malformed percent-encoding in the path',
            'Encode path parameters with encodeURIComponent.',
          ),
        )
      }
      return route.run(request, values)
    }
    try {
      return await getResponse(handlers, request)
    } catch (error) {
      // path-to-regexp throws URIError on malformed percent-encoding.
      if (error instanceof URIError)
        return errorResponse(
          fail(
            400,
            'invalid_request',
            'Malformed percent-encoding in the path',
            'Encode path parameters with encodeURIComponent.',
          ),
        )
      return errorResponse(error)
    }
  }
}
