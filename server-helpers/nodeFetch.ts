/**
 * An upstream `fetch` for {@link createLinekitServer} on Node, built on `node:http(s)` with
 * keep-alive agents instead of the global (undici) fetch. linekit/server calls its transport
 * directly, with plain records instead of Request/Response objects: the proxy route then serves
 * about 1.6–1.7× the requests (BENCHMARKS.md, proxy). Exported from `linekit/server/node`.
 */
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import { urlToHttpOptions } from 'node:url'
import zlib from 'node:zlib'
import type { UpstreamHeaders } from './internal/http'
import type { UpstreamAnswer, UpstreamFetch, UpstreamTransport } from './internal/upstream'
import { upstreamTimeout } from './internal/http'
import { cancellationOf, transportKey } from './internal/upstream'

/** Options of {@link createNodeFetch}. */
export interface NodeFetchOptions {
  /** Most sockets open to one upstream host at a time. @default 128 */
  maxSockets?: number
  /**
   * How long an idle keep-alive socket is kept, in ms; keep it below the upstream's own idle
   * timeout (Node's servers default to 5 s). @default 4000
   */
  keepAliveMs?: number
  /** Largest upstream body read, in bytes; a larger one fails the call. @default 8 MiB */
  maxResponseBytes?: number
}

const noBodyStatus = new Set([204, 205, 304])

/**
 * Returns `(request, init?) => Promise<Response>` for {@link LinekitServerOptions.fetch}. It honours
 * the request's method, headers and body, and `init.signal` (else `request.signal`: the proxy's
 * time limit and the browser leaving),
 * decodes gzip / deflate / br bodies as `fetch` does, and resolves once the whole body has
 * arrived (the proxy reads it whole anyway, to filter and redact). linekit/server calls the
 * transport behind it directly, with no Request or Response objects.
 *
 * @example
 * ```ts
 * import { createLinekitServer } from 'linekit/server'
 * import { createNodeFetch, toNodeHandler } from 'linekit/server/node'
 * const linekit = createLinekitServer({ ...options, fetch: createNodeFetch() })
 * ```
 */
export function createNodeFetch(options: NodeFetchOptions = {}): UpstreamFetch {
  const transport = nodeTransport(options)
  const fetch = async (request: Request, init?: { signal?: AbortSignal }): Promise<Response> => {
    const headers: Record<string, string> = {}
    request.headers.forEach((value, name) => {
      headers[name] = value
    })
    const answer = await transport({
      url: request.url,
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(await request.arrayBuffer()) : undefined,
      // init.signal first: Node's Request can stop following the signal it was given (nodejs/node#55428).
      cancel: cancellationOf(init?.signal ?? request.signal),
    })
    return new Response(noBodyStatus.has(answer.status) ? null : answer.bytes, {
      status: answer.status,
      statusText: answer.statusText,
      headers: webHeaders(answer.headers),
    })
  }
  return Object.assign(fetch, { [transportKey]: transport })
}

/** Where one origin's calls go: parsed once, not once per call. */
interface Target {
  client: typeof http | typeof https
  agent: http.Agent
  options: http.RequestOptions
}

function nodeTransport(options: NodeFetchOptions): UpstreamTransport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 128, timeout: options.keepAliveMs ?? 4000 }
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024
  const targets = new Map<string, Target>()

  /** The origin's target and the request target (path and query) of `href`. */
  const resolve = (href: string): { target: Target; path: string } => {
    const authority = href.indexOf('//') + 2
    const end = authority + href.slice(authority).search(/[/?#]|$/)
    const origin = href.slice(0, end)
    let path = href[end] === '/' ? href.slice(end) : `/${href.slice(end)}`
    // Anything to escape or strip (a space, a fragment): let URL do it.
    if (!safeRequestTarget.test(path)) {
      const url = new URL(href)
      path = `${url.pathname}${url.search}`
    }
    let target = targets.get(origin)
    if (!target) {
      const url = new URL(origin)
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new TypeError(`createNodeFetch: unsupported protocol ${url.protocol}`)
      const { protocol, hostname, port, auth } = urlToHttpOptions(url)
      target = {
        client: url.protocol === 'https:' ? https : http,
        agent: agents[url.protocol],
        options: auth ? { protocol, hostname, port, auth } : { protocol, hostname, port },
      }
      if (targets.size >= 64) targets.clear()
      targets.set(origin, target)
    }
    return { target, path }
  }

  return ({ url, method, headers: given, body, cancel, timeoutMs }) =>
    new Promise<UpstreamAnswer>((resolveAnswer, reject) => {
      const { target, path } = resolve(url)
      const headers: Record<string, string> = { ...given }
      headers['accept-encoding'] ??= 'gzip, deflate, br'
      if (body !== undefined)
        headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
      if (cancel?.aborted) {
        reject(cancel.reason)
        return
      }
      let current: http.ClientRequest | undefined
      let settled = false
      /** Ends the call, once: the timer and the listener released, the socket dropped on failure. */
      const settle = (error: unknown, answer?: UpstreamAnswer) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        unsubscribe?.()
        if (answer) resolveAnswer(answer)
        else {
          current?.destroy()
          reject(error)
        }
      }
      // The time limit or the browser leaving: the call ends now, its socket is not reused.
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => settle(upstreamTimeout()), timeoutMs)
      const unsubscribe = cancel?.subscribe(() => settle(cancel.reason))

      const send = (retried: boolean) => {
        const outgoing = target.client.request(
          { ...target.options, path, method, headers, agent: target.agent },
          (incoming) => {
            const status = incoming.statusCode ?? 502
            const stream = decoded(incoming)
            const chunks: Buffer[] = []
            let total = 0
            stream.on('data', (chunk: Buffer) => {
              total += chunk.byteLength
              if (total > maxResponseBytes)
                settle(new Error(`createNodeFetch: upstream body larger than ${maxResponseBytes} bytes`))
              else chunks.push(chunk)
            })
            stream.on('error', settle)
            incoming.on('close', () => {
              if (!incoming.complete)
                settle(new Error('createNodeFetch: the upstream closed the connection mid-answer'))
            })
            stream.on('end', () => {
              const bytes = noBodyStatus.has(status)
                ? Buffer.alloc(0)
                : chunks.length === 1
                  ? chunks[0]!
                  : Buffer.concat(chunks, total)
              settle(undefined, {
                status,
                statusText: incoming.statusMessage ?? '',
                headers: incoming.headers,
                bytes: bytes as Uint8Array<ArrayBuffer>,
              })
            })
          },
        )
        current = outgoing
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          // The upstream closed an idle keep-alive socket just as it was reused: the request never
          // reached it. Sent again once on a fresh socket when that cannot duplicate anything.
          if (!settled && !retried && outgoing.reusedSocket && error.code === 'ECONNRESET' && idempotent.has(method))
            send(true)
          else settle(error)
        })
        outgoing.end(body)
      }
      send(false)
    })
}

/** A request target node:http sends as it is: printable ASCII, no fragment. */
const safeRequestTarget = /^\/[\x21-\x22\x24-\x7e]*$/

const idempotent = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The body as `fetch` would hand it over: content-encoding undone. */
function decoded(incoming: http.IncomingMessage): Readable {
  const encoding = incoming.headers['content-encoding']?.trim().toLowerCase()
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined
  if (encoding === 'gzip' || encoding === 'x-gzip') decoder = zlib.createGunzip()
  else if (encoding === 'deflate') decoder = zlib.createInflate()
  else if (encoding === 'br') decoder = zlib.createBrotliDecompress()
  if (!decoder) return incoming
  incoming.on('error', (error) => decoder.destroy(error))
  return incoming.pipe(decoder)
}

function webHeaders(headers: UpstreamHeaders): Headers {
  const out = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) out.append(name, item)
    else out.set(name, value)
  }
  return out
}
