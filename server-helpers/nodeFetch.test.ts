// @vitest-environment node
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitServer } from './createLinekitServer'
import type { UpstreamTransport } from './internal/upstream'
import { transportKey } from './internal/upstream'
import { createNodeFetch } from './nodeFetch'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      const closed = new Promise((resolve) => s.close(resolve))
      s.closeAllConnections()
      return closed
    }),
  )
})

/** A loopback upstream; `handler` answers, every request is recorded with its body. */
async function upstream(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      handler(req, res, body)
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

describe('createNodeFetch', () => {
  it('sends method, headers and body, and hands back status, headers and body', async () => {
    const up = await upstream((_req, res, body) => {
      res.writeHead(201, 'Created Here', {
        'content-type': 'application/json',
        'x-extra': 'yes',
        'set-cookie': ['a=1', 'b=2'],
      })
      res.end(JSON.stringify({ echoed: JSON.parse(body) }))
    })
    const fetch = createNodeFetch()
    const response = await fetch(
      new Request(`${up.url}/send-api-message?x=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: '{"phone":"+1"}',
      }),
    )
    expect(response.status).toBe(201)
    expect(response.statusText).toBe('Created Here')
    expect(response.headers.get('x-extra')).toBe('yes')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await response.json()).toEqual({ echoed: { phone: '+1' } })
    expect(up.seen[0]).toMatchObject({ method: 'POST', url: '/send-api-message?x=1', body: '{"phone":"+1"}' })
    expect(up.seen[0]?.headers.authorization).toBe('Bearer k')
  })

  it('keeps the connection alive between calls', async () => {
    const ports = new Set<number>()
    const up = await upstream((req, res) => {
      ports.add(req.socket.remotePort ?? 0)
      res.end('ok')
    })
    const fetch = createNodeFetch()
    for (let i = 0; i < 5; i++) expect(await (await fetch(new Request(`${up.url}/get-lines`))).text()).toBe('ok')
    expect(ports.size).toBe(1)
  })

  it('sends a GET again on a fresh socket when the upstream dropped the reused one, never a POST', async () => {
    // The upstream closes each connection when its second request arrives, unanswered: what a
    // server closing an idle keep-alive socket looks like to the client that just reused it.
    const perSocket = new WeakMap<object, number>()
    const up = await upstream((req, res) => {
      const n = (perSocket.get(req.socket) ?? 0) + 1
      perSocket.set(req.socket, n)
      if (n >= 2) req.socket.destroy()
      else res.end(`ok ${req.method}`)
    })
    const fetch = createNodeFetch()
    expect(await (await fetch(new Request(`${up.url}/a`))).text()).toBe('ok GET')
    expect(await (await fetch(new Request(`${up.url}/b`))).text()).toBe('ok GET')
    expect(up.seen.map((r) => r.url)).toEqual(['/a', '/b', '/b'])
    // A POST on a reused socket is not sent twice: the caller sees the failure.
    await expect(fetch(new Request(`${up.url}/c`, { method: 'POST', body: '{}' }))).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    )
    expect(up.seen.filter((r) => r.url === '/c')).toHaveLength(1)
  })

  it('waits for an answer slower than keepAliveMs (that limit is for idle sockets only)', async () => {
    const up = await upstream((_req, res) => void setTimeout(() => res.end('late'), 200))
    expect(await (await createNodeFetch({ keepAliveMs: 20 })(new Request(`${up.url}/slow`))).text()).toBe('late')
  })

  it('decodes a gzip body as fetch does', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      res.end(gzipSync(JSON.stringify({ zipped: true })))
    })
    const response = await createNodeFetch()(new Request(`${up.url}/get-lines`))
    expect(await response.json()).toEqual({ zipped: true })
  })

  it('gives a 204 no body', async () => {
    const up = await upstream((_req, res) => res.writeHead(204).end())
    const response = await createNodeFetch()(new Request(`${up.url}/x`))
    expect(response.status).toBe(204)
    expect(response.body).toBeNull()
  })

  it('rejects with the signal reason when aborted, before or during the call', async () => {
    const up = await upstream(() => undefined) // never answers
    const fetch = createNodeFetch()
    const early = new AbortController()
    early.abort(new Error('gone before'))
    await expect(fetch(new Request(`${up.url}/x`, { signal: early.signal }))).rejects.toThrow('gone before')
    const late = new AbortController()
    const pending = fetch(new Request(`${up.url}/x`, { signal: late.signal }))
    while (up.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    late.abort(new Error('gone during'))
    await expect(pending).rejects.toThrow('gone during')
  })

  it("honours init.signal, the one linekit/server passes, over the request's own", async () => {
    const up = await upstream(() => undefined) // never answers
    const controller = new AbortController()
    const pending = createNodeFetch()(new Request(`${up.url}/x`), { signal: controller.signal })
    while (up.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort(new Error('deadline'))
    await expect(pending).rejects.toThrow('deadline')
  })

  it('refuses a body larger than maxResponseBytes', async () => {
    const up = await upstream((_req, res) => res.end('x'.repeat(10_000)))
    await expect(createNodeFetch({ maxResponseBytes: 1000 })(new Request(`${up.url}/x`))).rejects.toThrow(
      /larger than 1000 bytes/,
    )
  })

  it('rejects when the upstream hangs up mid-answer', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' })
      res.write('only part of it')
      setTimeout(() => res.destroy(), 20)
    })
    await expect(createNodeFetch()(new Request(`${up.url}/x`))).rejects.toThrow()
  })

  it('sends the path and query of the URL, under a base path, escaped as fetch escapes them', async () => {
    const up = await upstream((_req, res) => res.end('{}'))
    const fetch = createNodeFetch()
    await fetch(new Request(`${up.url}/v1/get-message-api/pbm_1?x=a%20b&y=%C3%A9`))
    await fetch(new Request(`${up.url}/v1/a b?q=é#fragment`))
    await fetch(new Request(up.url))
    expect(up.seen.map((s) => s.url)).toEqual(['/v1/get-message-api/pbm_1?x=a%20b&y=%C3%A9', '/v1/a%20b?q=%C3%A9', '/'])
    // linekit/server calls the transport with the URL as it built it, no Request in between.
    const transport = (fetch as unknown as Record<typeof transportKey, UpstreamTransport>)[transportKey]
    const call = { method: 'GET', headers: {}, body: undefined, cancel: undefined }
    await transport({ ...call, url: `${up.url}/v1/a b?q=é#fragment` })
    await transport({ ...call, url: `${up.url}?q=1` })
    expect(up.seen.slice(3).map((s) => s.url)).toEqual(['/v1/a%20b?q=%C3%A9', '/?q=1'])
  })

  it('rejects when nothing listens', async () => {
    const up = await upstream((_req, res) => res.end())
    const closed = servers.pop()!
    closed.closeAllConnections()
    await new Promise((resolve) => closed.close(resolve))
    await expect(createNodeFetch()(new Request(`${up.url}/x`))).rejects.toThrow()
  })
})

describe('createLinekitServer with createNodeFetch', () => {
  const LINE = 'aaaaaaaa-0000-4000-8000-000000000001'
  const serverFor = (url: string, upstreamTimeoutMs = 15_000) =>
    createLinekitServer({
      apiKey: 'lk_secret_key',
      baseUrl: url,
      appUrl: url,
      fetch: createNodeFetch(),
      upstreamTimeoutMs,
      logger: { warn: () => undefined, error: () => undefined },
      authorize: async () => ({ userId: 'alice', lineIds: [LINE] }),
    })

  it('proxies a listing with the key added and redacted from the body', async () => {
    const up = await upstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          status: 'OK',
          data: [{ content: `key was ${req.headers.authorization}` }],
          pagination: { limit: 50, offset: 0, total: 1 },
        }),
      )
    })
    const response = await serverFor(up.url).handle(
      new Request(`http://app.test/api/linekit/get-messages-api?pb_line_id=${LINE}`),
    )
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain('key was Bearer [redacted]')
    expect(text).not.toContain('lk_secret_key')
    expect(up.seen[0]?.headers.authorization).toBe('Bearer lk_secret_key')
  })

  it('answers 504 upstream_timeout when the upstream does not answer in time', async () => {
    const up = await upstream(() => undefined) // never answers
    const response = await serverFor(up.url, 50).handle(
      new Request(`http://app.test/api/linekit/get-messages-api?pb_line_id=${LINE}`),
    )
    expect(response.status).toBe(504)
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' })
  })

  it('answers 504 on time even with a fetch that ignores its signal', async () => {
    // What Node's fetch does when its Request lost the link to the signal (nodejs/node#55428).
    const server = createLinekitServer({
      apiKey: 'lk_secret_key',
      baseUrl: 'http://upstream.test',
      appUrl: 'http://upstream.test',
      fetch: () => new Promise<Response>(() => undefined),
      upstreamTimeoutMs: 50,
      logger: { warn: () => undefined, error: () => undefined },
      authorize: async () => ({ userId: 'alice', lineIds: [LINE] }),
    })
    const response = await server.handle(new Request(`http://app.test/api/linekit/get-messages-api?pb_line_id=${LINE}`))
    expect(response.status).toBe(504)
  })

  it('answers 504 when the headers arrive but the body stalls past the limit', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"status":"OK","data":[')
    })
    const response = await serverFor(up.url, 100).handle(
      new Request(`http://app.test/api/linekit/get-messages-api?pb_line_id=${LINE}`),
    )
    expect(response.status).toBe(504)
  })
})
