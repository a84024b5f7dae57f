/**
 * The proxy refuses what it must: path traversal (also over a raw socket, where nothing
 * normalizes the path first), encoded slashes, absolute URLs, other hosts, unknown methods,
 * oversized bodies (declared and streamed), cross-site state-changing requests. Each refusal
 * reaches no service route. Relayed upstream content cannot script the app's origin. Each user
 * kept within their lines: createLinekitServer.isolation.test.ts.
 */
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { seedContacts } from 'linekit/mocks'
import {
  BASE,
  KEY,
  MAIN,
  MESSAGING,
  SECRET,
  createRig,
  isAllowedUpstream,
  listenOverNode,
  refusedBeforeUpstream,
} from '../test/support/serverRig'
import { proxyRoutes } from './internal/proxyRoutes'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('the proxy refuses', () => {
  it.each([
    '/api/linekit/%2e%2e/%2e%2e/get-lines',
    '/api/linekit/get-lines%2F..%2Fget-lines',
    '/api/linekit/get-message-api/pbm_x%2F..%2F..%2Fget-lines',
    '/api/linekit/get-message-api/..%2Fget-lines',
    '/api/linekit/get-message-api/%2e%2e',
    '/api/linekit//get-lines',
    '/api/linekit/get-lines/',
    '/api/linekit/get-lines/extra',
    '/api/linekit/get-lines;x=1',
    '/api/linekit/%67et-lines',
    '/api/linekit/get-lines%00',
    '/api/linekit/http://evil.example/get-lines',
    '/api/linekit/https:%2F%2Fevil.example%2Fget-lines',
    '/api/linekit/%2F%2Fevil.example/get-lines',
    '/api/linekit/\\evil.example/get-lines',
    '/api/linekit/api/mcp',
    '/api/linekit/__mock/reset',
    '/api/linekit/api/v1/dialer/token',
    '/api/linekitget-lines',
  ])('path %s → 4xx, nothing forwarded', async (path) => {
    const rig = createRig()
    const result = await refusedBeforeUpstream(rig, () =>
      rig.server
        .handle(new Request(`http://app.local${path}`, { headers: { 'x-user': 'admin', 'x-linekit-csrf': '1' } }))
        .then(async (r) => ({ status: r.status, text: await r.text() })),
    )
    expect(result.status).toBe(404)
  })

  it('raw paths over the Node adapter (no URL normalization before the server) are refused', async () => {
    const rig = createRig()
    const { port, close } = await listenOverNode(rig.server)
    cleanups.push(close)
    const raw = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path, method: 'GET', headers: { 'x-user': 'admin', ...headers } },
          (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (chunk: string) => (text += chunk))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
          },
        )
        req.on('error', reject)
        req.end()
      })
    // [raw path, expected status]: dot segments resolved by the bridge either leave the prefix
    // (404) or land on an allowlisted route (then it is that route, nothing more).
    for (const [path, expected] of [
      ['/api/linekit/../../get-lines', 404],
      ['/api/linekit/get-message-api/../get-lines', 200],
      ['/api/linekit/get-message-api/..%2f..%2fget-lines', 404],
      ['/api/linekit/..%5c..%5cget-lines', 404],
      ['http://evil.example/api/linekit/../../etc/passwd', 404],
      ['/api/linekit/get-messages-api/../../../__mock/accounts', 404],
      ['/api/linekit/%2e%2e/%2e%2e/__mock/reset', 404],
    ] as const) {
      const before = rig.upstream.length
      const result = await raw(path)
      expect(result.status, `${path} ${result.text}`).toBe(expected)
      expect(result.text).not.toContain(KEY)
      // Whatever the bridge normalized the path to, only allowlisted service paths are called.
      for (const call of rig.upstream.slice(before)) expect(isAllowedUpstream(call.url), call.url).toBe(true)
    }
    // Another Host header changes nothing: the upstream host is fixed by configuration.
    const before = rig.upstream.length
    const other = await raw('/api/linekit/get-external-contacts', { host: 'evil.example' })
    expect(other.status).toBe(200)
    expect(rig.upstream.slice(before).map((u) => new URL(u.url).origin)).toEqual([BASE])
  })

  it('query parameters cannot redirect the upstream call or smuggle a second value', async () => {
    const rig = createRig()
    const before = rig.upstream.length
    const ok = await rig.call(
      'admin',
      '/get-messages-api?limit=5&url=http://evil.example/&baseUrl=http://evil.example&host=evil.example',
    )
    expect(ok.status).toBe(200)
    const sent = rig.upstream.slice(before)
    expect(new Set(sent.map((u) => new URL(u.url).origin))).toEqual(new Set([BASE]))
    for (const u of sent) expect(u.url).not.toContain('evil')
    const repeated = await refusedBeforeUpstream(rig, () =>
      rig.call('alice', `/get-messages-api?pb_line_id=${MAIN}&pb_line_id=${MESSAGING}`),
    )
    expect(repeated.status).toBe(400)
  })

  // Every route the server answers, with the one method it serves there.
  const everyRoute = [
    ...proxyRoutes.map((route) => ({ path: route.path.replace(':message_handle', 'pbm_x'), allow: route.method })),
    { path: '/events', allow: 'GET' },
    { path: '/calls/inbound', allow: 'GET' },
    { path: '/dialer/token', allow: 'POST' },
    { path: `/webhooks/${SECRET}`, allow: 'POST' },
  ]

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'])(
    "method %s on every route that does not serve it → 405 with that route's Allow, nothing forwarded",
    async (method) => {
      const rig = createRig()
      for (const { path, allow } of everyRoute.filter((r) => r.allow !== method)) {
        const result = await refusedBeforeUpstream(rig, () =>
          rig.call('admin', path, {
            method,
            body: method === 'HEAD' ? undefined : { phone: seedContacts.ava, message: 'x' },
          }),
        )
        expect(result.status, `${method} ${path}`).toBe(405)
        expect(result.headers.get('allow'), `${method} ${path}`).toBe(allow)
        if (method !== 'HEAD')
          expect(result.json).toEqual({ error: expect.any(String), code: 'method_not_allowed', hint: `Use ${allow}.` })
      }
    },
  )

  it('oversized bodies → 413 whether declared or streamed, on the proxy and the mint; the webhook acknowledges and drops them', async () => {
    const rig = createRig({ server: { maxBodyBytes: 1024 } })
    const big = JSON.stringify({ phone: seedContacts.ava, message: 'x'.repeat(2000) })
    const declared = await refusedBeforeUpstream(rig, () => rig.call('admin', '/send-api-message', { body: big }))
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.text)).toMatchObject({ code: 'payload_too_large' })

    // No Content-Length: a stream that never ends would be read until the cap, then cut.
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new TextEncoder().encode('{"message":"' + 'y'.repeat(256)))
        if (pulled > 10_000) controller.close()
      },
    })
    const streamed = await refusedBeforeUpstream(rig, async () => {
      const r = await rig.server.handle(
        new Request('http://app.local/api/linekit/send-api-message', {
          method: 'POST',
          headers: { 'x-user': 'admin', 'x-linekit-csrf': '1' },
          body: endless,
          duplex: 'half',
        } as RequestInit),
      )
      return { status: r.status, text: await r.text() }
    })
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThan(20)

    const mint = await refusedBeforeUpstream(rig, () =>
      rig.call('alice', '/dialer/token', { body: JSON.stringify({ lineId: MAIN, pad: 'z'.repeat(2000) }) }),
    )
    expect(mint.status).toBe(413)

    const hook = await rig.server.handle(
      new Request(`http://app.local/api/linekit/webhooks/${SECRET}`, { method: 'POST', body: 'w'.repeat(5000) }),
    )
    expect(hook.status).toBe(200)
  })

  it('cross-site state-changing requests → 403 csrf_failed, on every POST route; same-origin and allowed origins pass', async () => {
    const rig = createRig({ server: { allowedOrigins: ['https://app.example'] } })
    const posts = [
      '/send-api-message',
      '/send-typing-indicator',
      '/send-reaction',
      '/send-group-message',
      '/api-check-native-availability',
      '/create-external-contact',
      '/update-external-contact',
      '/enroll-flow',
      '/cancel-flow-run',
      '/start-audiocall-call-api',
      '/answer-audiocall-call-api',
      '/decline-audiocall-call-api',
      '/end-audiocall-call-api',
      '/dialer/token',
    ]
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://app.local.evil.example' },
      { origin: 'https://app.local' },
      {},
      { 'x-linekit-csrf': '' },
      { origin: 'https://evil.example', 'content-type': 'text/plain' },
      { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    ]
    for (const path of posts) {
      for (const headers of attacks) {
        const result = await refusedBeforeUpstream(rig, () =>
          rig.call('admin', path, {
            body: JSON.stringify({ phone: seedContacts.ava, message: 'csrf', lineId: MAIN }),
            csrf: false,
            headers,
          }),
        )
        expect(result.status, `${path} ${JSON.stringify(headers)}`).toBe(403)
        expect(JSON.parse(result.text)).toMatchObject({ code: 'csrf_failed' })
      }
    }
    for (const origin of ['http://app.local', 'https://app.example']) {
      const passed = await rig.call('admin', '/api-check-native-availability', {
        body: { phone: seedContacts.ava },
        csrf: false,
        headers: { origin },
      })
      expect(passed.status, origin).toBe(200)
    }
  })

  it('a message handle in a body cannot make the server call another service path with the key', async () => {
    const rig = createRig()
    for (const messageHandle of ['..', '.', '../get-lines', 'pbm_x/../../get-lines', '%2e%2e', 'pbm_ok?x=1']) {
      const before = rig.upstream.length
      const result = await rig.call('admin', '/send-reaction', { body: { messageHandle, reaction: 'love' } })
      expect(result.status, `${messageHandle} ${result.text}`).toBeGreaterThanOrEqual(400)
      for (const call of rig.upstream.slice(before))
        expect(isAllowedUpstream(call.url), `${messageHandle} → ${call.url}`).toBe(true)
    }
  })
})

describe('relayed upstream content cannot script the app origin', () => {
  it('an upstream HTML error page echoing a query parameter is served with nosniff and a sandboxing CSP', async () => {
    // A proxy in front of the service (spec: a proxy may return non-JSON 502/503) or a service
    // error page that reflects a parameter: the answer is relayed from the app's own origin.
    const rig = createRig({
      server: {
        fetch: async (request) =>
          new Response(`<html><body>bad ${new URL(request.url).searchParams.get('from_number')}</body></html>`, {
            status: 400,
            headers: { 'content-type': 'text/html; charset=utf-8' },
          }),
      },
    })
    const payload = '<script>alert(document.cookie)</script>'
    const response = await rig.server.handle(
      rig.request('admin', `/get-messages-api?direction=inbound&from_number=${encodeURIComponent(payload)}`),
    )
    expect(response.status).toBe(400)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('sandbox')
    expect(csp).toContain("default-src 'none'")
  })
})
