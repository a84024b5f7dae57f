import { createServer, request as httpRequest } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { createRequire } from 'node:module'
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitServer } from './createLinekitServer'
import type { LinekitServerOptions } from './createLinekitServer'
import { toNodeHandler, toNodeMiddleware } from './node'
import { KEY, LINE_A, LINE_B, NUMBER_A, fakeUpstream } from '../test/support/server/fakeUpstream'
import { countingBus } from '../test/support/server/countingBus'

// express 5 is present (a dependency of @modelcontextprotocol/sdk) but has no types here.
type ExpressApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  use: (...args: unknown[]) => ExpressApp
  get: (path: string, handler: (req: unknown, res: { send: (body: string) => void }) => void) => ExpressApp
}
type ExpressModule = (() => ExpressApp) & { json: () => unknown }
const express = createRequire(import.meta.url)('express') as ExpressModule

const SECRET = 'whsec_node_adapter'
const servers: Server[] = []

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      const closed = new Promise((resolve) => s.close(resolve))
      s.closeAllConnections() // undici keeps loopback connections alive for seconds
      return closed
    }),
  )
})

function linekit(extra: Partial<LinekitServerOptions> = {}) {
  const upstream = fakeUpstream()
  const server = createLinekitServer({
    apiKey: KEY,
    baseUrl: 'https://base.example',
    appUrl: 'https://app.example',
    webhookSecret: SECRET,
    fetch: upstream.fetch,
    logger: { warn: () => undefined, error: () => undefined },
    authorize: async (request) =>
      request.headers.get('x-user') === 'alice' ? { userId: 'alice', lineIds: [LINE_A] } : null,
    ...extra,
  })
  return { server, upstream }
}

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A request with the path sent as given: `fetch` would turn backslashes into slashes first. */
function rawRequest(base: string, method: string, path: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers: { 'x-user': 'alice' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Polls a condition; the loop ends on success, the test timeout bounds it (no wall-clock assertion). */
async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('toNodeHandler over loopback HTTP', () => {
  it('proxies with the key kept server-side and leaves the global Request/Response alone', async () => {
    const { Request: BeforeRequest, Response: BeforeResponse } = globalThis
    const { server, upstream } = linekit()
    const url = await listen(toNodeHandler(server))
    expect(globalThis.Request).toBe(BeforeRequest)
    expect(globalThis.Response).toBe(BeforeResponse)
    const response = await fetch(`${url}/api/linekit/get-lines`, { headers: { 'x-user': 'alice' } })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual([{ lineId: LINE_A }])
    expect(text).not.toContain(KEY)
    expect(upstream.callsTo('GET', '/get-lines')[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect((await fetch(`${url}/elsewhere`)).status).toBe(404)
  })

  it('answers 413 to a chunked upload past the cap', async () => {
    const { server, upstream } = linekit({ maxBodyBytes: 1024 })
    const url = await listen(toNodeHandler(server))
    const chunk = new TextEncoder().encode(' '.repeat(4096))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 64) return controller.close()
        sent += 1
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${url}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('payload_too_large')
    expect(upstream.callsTo('POST', '/send-api-message')).toHaveLength(0)
  })

  it('streams SSE: a webhook POSTed over HTTP reaches the SSE client, and a disconnect unsubscribes', async () => {
    const bus = countingBus()
    const { server } = linekit({ eventBus: bus })
    // the server's own subscription learns calls' lines from the bus
    const streams = bus.subscribers()
    const url = await listen(toNodeHandler(server))
    const controller = new AbortController()
    const events = await fetch(`${url}/api/linekit/events`, {
      headers: { 'x-user': 'alice' },
      signal: controller.signal,
    })
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader()
    let received = ''
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        received += value
      }
    }
    await readUntil('retry:')
    const hook = await fetch(`${url}/api/linekit/webhooks/${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: 'over http',
        destination: '+14155550999',
        receivedAt: '2026-01-01T00:00:00Z',
        direction: 'inbound',
        messageId: 1,
        guid: 'g1',
        linePhoneNumber: NUMBER_A,
      }),
    })
    expect(hook.status).toBe(200)
    await readUntil('over http')
    expect(received).toMatch(/id: \S+\nevent: message\ndata: \{"type":"message","lineId":"aaaaaaaa/)
    expect(bus.subscribers()).toBe(streams + 1)
    controller.abort()
    await eventually(() => bus.subscribers() === streams)
  })
})

describe('toNodeHandler: event streams', () => {
  it('cuts off a client that stops reading once 1 MB piles up, and unsubscribes', async () => {
    const bus = countingBus()
    const { server } = linekit({ eventBus: bus })
    // the server's own subscription learns calls' lines from the bus
    const streams = bus.subscribers()
    const url = new URL(await listen(toNodeHandler(server)))
    const socket = connect({ host: url.hostname, port: Number(url.port) })
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(`GET /api/linekit/events HTTP/1.1\r\nHost: ${url.host}\r\nx-user: alice\r\n\r\n`)
    await eventually(() => bus.subscribers() === streams + 1)
    // Stop reading: the kernel's buffers fill, then the server's.
    socket.pause()
    const big = 'x'.repeat(64 * 1024)
    for (let i = 0; bus.subscribers() > streams && i < 2000; i++) {
      await server.bus.publish({ type: 'message', lineId: LINE_A, data: { big, i } } as never)
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    }
    expect(bus.subscribers()).toBe(streams)
    socket.destroy()
  })
})

describe('toNodeHandler: a client that hangs up', () => {
  /** Sends a proxied GET on a raw socket, waits until the upstream call started, then hangs up. */
  async function hangUpDuringCall(url: string, started: () => boolean) {
    const { hostname, port, host } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port) })
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      `GET /api/linekit/get-messages-api?pb_line_id=${LINE_A} HTTP/1.1\r\nHost: ${host}\r\nx-user: alice\r\n\r\n`,
    )
    await eventually(started)
    socket.destroy()
  }

  it('aborts the signal a fetch was given', async () => {
    let signal: AbortSignal | undefined
    const { server } = linekit({
      fetch: (_request, init) => {
        signal = init?.signal
        return new Promise<Response>(() => undefined)
      },
    })
    await hangUpDuringCall(await listen(toNodeHandler(server)), () => signal !== undefined)
    await eventually(() => signal?.aborted === true)
  })
})

describe('toNodeMiddleware with Express', () => {
  it('handles its prefix (mounted at the root or at the prefix) and calls next() for the rest', async () => {
    const { server } = linekit()
    const root = express()
    root.use(toNodeMiddleware(server))
    root.get('/health', (_req, res) => res.send('app route'))
    const mounted = express()
    mounted.use('/api/linekit', toNodeMiddleware(server))
    mounted.get('/health', (_req, res) => res.send('app route'))
    for (const app of [root, mounted]) {
      const url = await listen(app)
      const lines = await fetch(`${url}/api/linekit/get-lines`, { headers: { 'x-user': 'alice' } })
      expect(lines.status).toBe(200)
      expect(await lines.json()).toEqual([{ lineId: LINE_A }])
      expect(await (await fetch(`${url}/health`)).text()).toBe('app route')
    }
  })

  it('answers malformed paths with 400 or 404 and the error body, never 500, standalone and under Express', async () => {
    const { server, upstream } = linekit()
    const app = express()
    app.use(toNodeMiddleware(server))
    for (const url of [await listen(toNodeHandler(server)), await listen(app)]) {
      for (const [path, status] of [
        // The bridge cannot build a Request from these: a client error.
        ['/api/linekit/\\evil.example/get-lines', 400],
        ['/api/linekit/get-lines\\..\\x', 400],
        ['/api/linekit/\\..\\..\\__mock/reset', 400],
        ['/api/linekit/events\\', 400],
        ['/api/linekit/webhooks/\\' + SECRET, 400],
        // The server's own path rules: nothing outside the allowlist exists.
        ['/api/linekit/get%2flines', 404],
        ['/api/linekit/%2e%2e/get-lines', 404],
        ['/api/linekit/get-lines%00', 404],
        ['/api/linekit/get-lines%5c..%5cx', 404],
        ['/api/linekit/%ZZ', 404],
        ['/api/linekit/' + 'a'.repeat(8000), 404],
      ] as const) {
        const result = await rawRequest(url, 'GET', path)
        expect(result.status, `${path.slice(0, 60)} ${result.text}`).toBe(status)
        expect(JSON.parse(result.text)).toEqual({
          error: expect.any(String),
          code: expect.any(String),
          hint: expect.any(String),
        })
      }
    }
    // The asterisk form reaches only a standalone handler (Express routes it elsewhere).
    const standalone = await listen(toNodeHandler(server))
    expect(await rawRequest(standalone, 'OPTIONS', '*')).toMatchObject({ status: 400 })
    expect(upstream.calls).toHaveLength(0)
  })

  it('still reads the body when express.json() ran first', async () => {
    const { server, upstream } = linekit()
    const app = express()
    app.use(express.json())
    app.use(toNodeMiddleware(server))
    const url = await listen(app)
    const response = await fetch(`${url}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+14155550999', message: 'parsed first', lineId: LINE_B }),
    })
    // LINE_B is not alice's: refused, which proves the body was read and checked
    expect(response.status).toBe(403)
    const ok = await fetch(`${url}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+14155550999', message: 'parsed first' }),
    })
    expect(ok.status).toBe(404) // fakeUpstream has no send route: the call reached it
    expect(JSON.parse(upstream.callsTo('POST', '/send-api-message')[0]!.body)).toEqual({
      phone: '+14155550999',
      message: 'parsed first',
      lineId: LINE_A,
      idempotencyKey: expect.stringMatching(/^lkd_/),
    })
  })
})
