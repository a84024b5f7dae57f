import { describe, expect, it } from 'vitest'
import { KEY, LINE_A, LINE_B, jsonResponse } from '../../test/support/server/fakeUpstream'
import { APP, req, setup } from '../../test/support/server/setup'

describe('voice-token route', () => {
  const token = {
    token: 't',
    expiresAt: '2026-01-01T00:15:00Z',
    ttlSeconds: 900,
    lineId: LINE_A,
    inboundEnabled: true,
    maxCallsPerToken: 10,
    allowance: null,
  }

  it('mints for an allowed line, server to server with the key, and forwards the body', async () => {
    const { server, upstream } = setup({ 'POST /api/v1/dialer/token': () => jsonResponse(token) })
    const response = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(token)
    const [call] = upstream.callsTo('POST', '/api/v1/dialer/token')
    expect(call?.url.origin).toBe(APP)
    expect(call?.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(JSON.parse(call!.body)).toEqual({ lineId: LINE_A })
  })

  it('refuses a line the user may not use, and a missing lineId, before the upstream', async () => {
    const { server, upstream } = setup()
    const other = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_B } }))
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({ error: expect.any(String), code: 'line_not_allowed' })
    const missing = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: {} }))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: expect.any(String), code: 'invalid_line_id' })
    const anonymous = await server.handle(req('/api/linekit/dialer/token', { json: { lineId: LINE_A } }))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: expect.any(String), code: 'unauthorized' })
    const crossSite = await server.handle(
      req('/api/linekit/dialer/token', {
        user: 'alice',
        json: { lineId: LINE_A },
        headers: { origin: 'https://evil.example' },
      }),
    )
    expect(crossSite.status).toBe(403)
    expect(upstream.calls).toHaveLength(0)
  })

  it('forwards upstream errors unchanged: 429 with Retry-After, 402 with extra fields, a proxy non-JSON 502', async () => {
    const limited = { error: 'Too many', code: 'rate_limited', retryAfterSeconds: 12 }
    const capped = {
      error: 'cap',
      code: 'dialer_cap_reached',
      used: 60,
      included: 60,
      cap: null,
      periodEnd: '2026-01-02T00:00:00Z',
    }
    // Each answer through a server of its own: after a 429 the key's gate rightly holds the next
    // mint for Retry-After (budgetGate tests), which is not what this test is about.
    const mint = (answer: Response) =>
      setup({ 'POST /api/v1/dialer/token': () => answer }).server.handle(
        req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }),
      )
    const r429 = await mint(jsonResponse(limited, 429, { 'retry-after': '12' }))
    expect(r429.status).toBe(429)
    expect(r429.headers.get('retry-after')).toBe('12')
    expect(await r429.json()).toEqual(limited)

    const r402 = await mint(jsonResponse(capped, 402))
    expect(r402.status).toBe(402)
    expect(await r402.json()).toEqual(capped)

    const r502 = await mint(
      new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    )
    expect(r502.status).toBe(502)
    expect(r502.headers.get('content-type')).toBe('text/html')
    expect(await r502.text()).toBe('<html>502 Bad Gateway</html>')
  })

  it('turns a network failure into 503 dialer_unavailable', async () => {
    const { server } = setup({ 'POST /api/v1/dialer/token': () => Promise.reject(new TypeError('fetch failed')) })
    const response = await server.handle(req('/api/linekit/dialer/token', { user: 'alice', json: { lineId: LINE_A } }))
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'dialer_unavailable' })
  })
})
