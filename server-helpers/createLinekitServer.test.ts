import { describe, expect, it } from 'vitest'
import { KEY, LINE_A, jsonResponse } from '../test/support/server/fakeUpstream'
import { BASE, ORIGIN, expectNoKey, req, setup } from '../test/support/server/setup'

describe('allowlist', () => {
  it('forwards an allowlisted GET with the key added server-side', async () => {
    const { server, upstream } = setup({ 'GET /get-effects': () => jsonResponse({ bubble: ['slam'], screen: [] }) })
    const response = await server.handle(req('/api/linekit/get-effects', { user: 'alice' }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ bubble: ['slam'], screen: [] })
    const [call] = upstream.callsTo('GET', '/get-effects')
    expect(call?.url.origin).toBe(BASE)
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
  })

  it.each([
    '/api/linekit/../get-lines',
    '/api/linekit/get-message-api/..%2Fget-lines',
    '/api/linekit/get-message-api/pbm_1%2F..%2F..%2Fget-lines',
    '/api/linekit/%2e%2e/get-lines',
    '/api/linekit//evil.example/get-lines',
    '/api/linekit/get-lines/extra',
    '/api/linekit/api/mcp',
    '/api/linekit/api/v1/dialer/token',
    '/api/linekit/https:%2F%2Fevil.example%2Fx',
    '/api/linekit/GET-LINES',
    '/api/linekit/',
    '/api/linekit',
    '/other/get-lines',
  ])('refuses %s without calling the upstream', async (path) => {
    const { server, upstream } = setup()
    const response = await server.handle(req(path, { user: 'admin' }))
    expect(response.status).toBe(404)
    expect((await response.json()).code).toBe('not_found')
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers 405 for a known path with the wrong method', async () => {
    const { server, upstream } = setup()
    const response = await server.handle(req('/api/linekit/get-lines', { user: 'admin', method: 'POST', json: {} }))
    expect(response.status).toBe(405)
    expect(upstream.calls).toHaveLength(0)
  })

  it('honours a custom prefix', async () => {
    const { server } = setup({}, { prefix: '/linekit/' })
    expect(server.prefix).toBe('/linekit')
    expect((await server.handle(req('/linekit/get-lines', { user: 'admin' }))).status).toBe(200)
    expect((await server.handle(req('/api/linekit/get-lines', { user: 'admin' }))).status).toBe(404)
  })
})

describe('forwarding', () => {
  it('drops hop-by-hop, encoding and cookie headers, keeps Retry-After on a 429, never echoes the key', async () => {
    const { server } = setup({
      'GET /get-flows': () =>
        new Response(JSON.stringify({ error: `rate limited for key ${KEY}`, code: 'rate_limited' }), {
          status: 429,
          headers: {
            'content-type': 'application/json',
            'retry-after': '17',
            'set-cookie': 'session=upstream',
            'content-encoding': 'gzip',
            connection: 'keep-alive',
            'x-echo': `Bearer ${KEY}`,
          },
        }),
    })
    const response = await server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('17')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('connection')).toBeNull()
    expect(response.headers.get('x-echo')).toBeNull()
    await expectNoKey(response)
    expect((await response.json()).code).toBe('rate_limited')
  })

  it('does not forward the browser cookies or authorization to the service', async () => {
    const { server, upstream } = setup({ 'GET /get-flows': () => jsonResponse({ flows: [] }) })
    await server.handle(
      req('/api/linekit/get-flows', {
        user: 'alice',
        headers: { cookie: 'sid=secret', authorization: 'Bearer user-token' },
      }),
    )
    const [call] = upstream.callsTo('GET', '/get-flows')
    expect(call?.headers.get('cookie')).toBeNull()
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
  })

  it('turns a network failure into 502 and a timeout into 504, in the messaging error shape', async () => {
    const failing = setup({ 'GET /get-flows': () => Promise.reject(new TypeError('fetch failed')) })
    const down = await failing.server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(down.status).toBe(502)
    expect(await down.json()).toMatchObject({
      code: 'upstream_unavailable',
      error: expect.any(String),
      hint: expect.any(String),
    })

    const slow = setup(
      {
        'GET /get-flows': (call) =>
          new Promise<Response>(() => {
            void call
          }),
      },
      {
        upstreamTimeoutMs: 20,
        // Like a real fetch: reject on abort, also when the timeout fired first (a loaded machine).
        fetch: (request) =>
          new Promise<Response>((_, reject) => {
            if (request.signal.aborted) reject(request.signal.reason)
            else request.signal.addEventListener('abort', () => reject(request.signal.reason))
          }),
      },
    )
    const timedOut = await slow.server.handle(req('/api/linekit/get-flows', { user: 'alice' }))
    expect(timedOut.status).toBe(504)
    expect((await timedOut.json()).code).toBe('upstream_timeout')
  })
})

describe('authorization', () => {
  it('answers 401 when authorize returns null', async () => {
    const { server, upstream } = setup()
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'unauthorized', hint: expect.any(String) })
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers with the Response authorize throws', async () => {
    const { server } = setup(
      {},
      {
        authorize: async () => {
          throw new Response('suspended', { status: 403 })
        },
      },
    )
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(403)
    expect(await response.text()).toBe('suspended')
  })

  it('answers 500 without details when authorize fails unexpectedly', async () => {
    const { server, logger } = setup(
      {},
      {
        authorize: async () => {
          throw new Error('db down')
        },
      },
    )
    const response = await server.handle(req('/api/linekit/get-lines'))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('db down')
    expect(logger.error).toHaveBeenCalled()
  })
})

describe('CSRF', () => {
  const send = { phone: '+14155550999', message: 'hi', lineId: LINE_A }
  const sendRoute = { 'POST /send-api-message': () => jsonResponse({ success: true, status: 'done' }) }

  it('refuses a POST from another origin, and one with neither Origin nor the header', async () => {
    const { server, upstream } = setup(sendRoute)
    const crossSite = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: send, headers: { origin: 'https://evil.example' } }),
    )
    expect(crossSite.status).toBe(403)
    expect((await crossSite.json()).code).toBe('csrf_failed')
    const bare = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'content-type': 'application/json' },
      body: JSON.stringify(send),
    })
    expect((await server.handle(bare)).status).toBe(403)
    expect(upstream.calls).toHaveLength(0)
  })

  it('accepts the same origin, an allowed origin, or the custom header', async () => {
    const { server, upstream } = setup(sendRoute, { allowedOrigins: ['https://admin.example'] })
    expect((await server.handle(req('/api/linekit/send-api-message', { user: 'alice', json: send }))).status).toBe(200)
    expect(
      (
        await server.handle(
          req('/api/linekit/send-api-message', {
            user: 'alice',
            json: send,
            headers: { origin: 'https://admin.example' },
          }),
        )
      ).status,
    ).toBe(200)
    const scripted = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', origin: 'https://evil.example' },
      body: JSON.stringify(send),
    })
    expect((await server.handle(scripted)).status).toBe(200)
    expect(upstream.callsTo('POST', '/send-api-message')).toHaveLength(3)
  })
})

describe('body cap', () => {
  it('answers 413 on a declared oversize body without reading it or calling the upstream', async () => {
    const { server, upstream } = setup({}, { maxBodyBytes: 100 })
    const response = await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { message: 'x'.repeat(200), lineId: LINE_A } }),
    )
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', hint: expect.any(String) })
    expect(upstream.calls).toHaveLength(0)
  })

  it('answers 413 on a streamed body with no length once it passes the cap', async () => {
    const { server, upstream } = setup({}, { maxBodyBytes: 1000 })
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(300).fill(32))
      },
    })
    const request = new Request(`${ORIGIN}/api/linekit/send-api-message`, {
      method: 'POST',
      headers: { 'x-user': 'alice', origin: ORIGIN },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    const response = await server.handle(request)
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(10)
    expect(upstream.calls).toHaveLength(0)
  })
})
