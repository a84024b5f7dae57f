import { describe, expect, it } from 'vitest'
import { seedAccessTokens, seedKeys } from 'linekit/mocks'
import { expectError, setup } from '../../test/support/mockHarness'

describe('auth (spec: Authentication)', () => {
  it('401 without a key, with a wrong key, or with a malformed header', async () => {
    const { get, mock } = setup()
    expectError(await get('/get-lines', null), 401, 'unauthorized')
    expectError(await get('/get-lines', 'nope'), 401, 'unauthorized')
    const r = await mock.fetch('https://h.test/get-lines', {
      headers: { authorization: `Basic ${seedKeys.production}` },
    })
    expect(r.status).toBe(401)
  })

  it('accepts every seeded key and an OAuth token with scope mcp, not one without', async () => {
    const { get } = setup()
    for (const key of Object.values(seedKeys)) expect((await get('/get-effects', key)).status).toBe(200)
    expect((await get('/get-lines', seedAccessTokens.mcp)).status).toBe(200)
    expectError(await get('/get-lines', seedAccessTokens.noMcp), 401)
  })

  it('works for any host and unknown routes get a 404 error body', async () => {
    const { mock } = setup()
    const auth = { authorization: `Bearer ${seedKeys.production}` }
    for (const base of ['http://localhost:1', 'https://api.example.com', 'http://127.0.0.1:9999']) {
      expect((await mock.fetch(`${base}/get-effects`, { headers: auth })).status).toBe(200)
    }
    expect((await mock.fetch('/get-effects', { headers: auth })).status).toBe(200)
    const r = await mock.fetch('https://h.test/no-such-route', { headers: auth })
    expect(r.status).toBe(404)
    expect((await r.json()).code).toBe('not_found')
  })
})

describe('rate limit (spec: Limits — 60 requests per minute per key)', () => {
  it('the 61st request in a minute is 429 rate_limited with Retry-After; the window follows the mock clock', async () => {
    const { get, mock } = setup()
    for (let i = 0; i < 60; i++) expect((await get('/get-effects')).status).toBe(200)
    const limited = await get('/get-lines')
    expectError(limited, 429, 'rate_limited')
    expect(limited.headers.get('retry-after')).toBe('60')
    // another key has its own budget
    expect((await get('/get-effects', seedKeys.crm)).status).toBe(200)
    mock.clock.advance(30_000)
    const still = await get('/get-effects')
    expect(still.status).toBe(429)
    expect(still.headers.get('retry-after')).toBe('30')
    mock.clock.advance(30_000)
    expect((await get('/get-effects')).status).toBe(200)
  })

  it('counts failed requests too, and can be disabled through settings', async () => {
    const { post, get, mock } = setup()
    for (let i = 0; i < 60; i++) expect((await post('/send-api-message', { phone: 'x' })).status).toBe(400)
    expect((await get('/get-effects')).status).toBe(429)
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    expect((await get('/get-effects')).status).toBe(200)
  })
})
