/**
 * An upstream `fetch` for {@link createLinekitServer} on Node, built on `node:http(s)` with
 * keep-alive agents instead of the global (undici) fetch, which costs the proxy route more than
 * anything else it does: with this one it serves about 1.3–1.4× the requests (BENCHMARKS.md,
 * proxy). Exported from `linekit/server/node`.
 */
import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { UpstreamHeaders } from './internal/http'
import type { UpstreamAnswer, UpstreamFetch, UpstreamTransport } from './internal/upstream'
import { transportKey } from './internal/upstream'

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
      signal: init?.signal ?? request.signal,
    })
    return new Response(noBodyStatus.has(answer.status) ? null : answer.bytes, {
      status: answer.status,
      statusText: answer.statusText,
      headers: webHeaders(answer.headers),
    })
  }
  return Object.assign(fetch, { [transportKey]: transport })
}

function nodeTransport(options: NodeFetchOptions): UpstreamTransport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 128, timeout: options.keepAliveMs ?? 4000 }
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024

  return async ({ url: href, method, headers: given, body, signal }) => {
    const url = new URL(href)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`createNodeFetch: unsupported protocol ${url.protocol}`)
    const headers: Record<string, string> = { ...given }
    headers['accept-encoding'] ??= 'gzip, deflate, br'
    if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength)
    signal.throwIfAborted()
    const client = url.protocol === 'https:' ? https : http
    const agent = agents[url.protocol]
    const send = (retried: boolean): Promise<UpstreamAnswer> =>
      new Promise<UpstreamAnswer>((resolve, reject) => {
        let settled = false
        const settle = (outcome: () => void) => {
          if (settled) return
          settled = true
          signal.removeEventListener('abort', onAbort)
          outcome()
        }
        const fail = (error: unknown) => settle(() => reject(signal.aborted ? signal.reason : error))
        const outgoing = client.request(url, { method, headers, agent }, (incoming) => {
          const status = incoming.statusCode ?? 502
          const stream = decoded(incoming)
          const chunks: Buffer[] = []
          let total = 0
          stream.on('data', (chunk: Buffer) => {
            total += chunk.byteLength
            if (total > maxResponseBytes) {
              incoming.destroy()
              fail(new Error(`createNodeFetch: upstream body larger than ${maxResponseBytes} bytes`))
              return
            }
            chunks.push(chunk)
          })
          stream.on('error', fail)
          incoming.on('close', () => {
            if (!incoming.complete) fail(new Error('createNodeFetch: the upstream closed the connection mid-answer'))
          })
          stream.on('end', () => {
            const bytes = noBodyStatus.has(status) ? new Uint8Array(0) : Buffer.concat(chunks, total)
            settle(() => resolve({ status, statusText: incoming.statusMessage ?? '', headers: incoming.headers, bytes: bytes as Uint8Array<ArrayBuffer> }))
          })
        })
        // The time limit or the browser leaving: the call ends now, its socket is not reused.
        const onAbort = () => {
          outgoing.destroy()
          fail(signal.reason)
        }
        signal.addEventListener('abort', onAbort, { once: true })
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          // The upstream closed an idle keep-alive socket just as it was reused: the request never
          // reached it. Sent again once on a fresh socket when that cannot duplicate anything.
          if (!settled && !retried && outgoing.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted && idempotent.has(method)) {
            settle(() => send(true).then(resolve, reject))
            return
          }
          fail(error)
        })
        outgoing.end(body)
      })
    return send(false)
  }
}

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
