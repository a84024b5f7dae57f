/**
 * The voice-token mint over HTTP (any host: the mock matches `*\/api/v1/dialer/token`), and
 * the call logs that feed its allowance.
 */
import { describe, expect, it } from 'vitest'
import {
  callLogsListResponseSchema,
  messagingErrorBodySchema,
  mintErrorBodySchema,
  voiceTokenResponseSchema,
} from '../../src/api'
import { createMockClock, createMockService, seedAccessTokens, seedKeys, seedLines, seedOtherLines } from '../index'

const APP = 'https://app.mock.test'

function setup(now = '2026-01-15T12:00:00Z') {
  const clock = createMockClock({ now })
  const mock = createMockService({ clock, webhookSender: async () => ({ status: 200 }) })
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    key: string | null = seedKeys.production,
    raw?: string,
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (key !== null) headers.authorization = `Bearer ${key}`
    const response = await mock.fetch(url, {
      method,
      headers,
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    })
    const text = await response.text()
    let json: unknown = text
    try {
      json = JSON.parse(text)
    } catch {
      // non-JSON bodies (the proxy fault) stay text
    }
    return { status: response.status, body: json as Record<string, unknown>, text, headers: response.headers }
  }
  const mint = (lineId: unknown = seedLines.main.lineId, key: string | null = seedKeys.production) =>
    request('POST', `${APP}/api/v1/dialer/token`, { lineId }, key)
  const control = (method: string, path: string, body?: unknown) =>
    request(method, `http://mock.test/__mock${path}`, body, null)
  return { mock, clock, request, mint, control }
}

describe('mint over HTTP', () => {
  it('200 with the full voice-token response on the app host', async () => {
    const { mint } = setup()
    const res = await mint()
    expect(res.status).toBe(200)
    expect(voiceTokenResponseSchema.safeParse(res.body).success).toBe(true)
    expect(res.body).toMatchObject({
      expiresAt: '2026-01-15T12:15:00.000Z',
      ttlSeconds: 900,
      maxCallsPerToken: 10,
      inboundEnabled: true,
    })
  })

  it('every error body has a mint code and no hint; 401 for OAuth tokens and bad keys', async () => {
    const { mint, request } = setup()
    const cases: Array<[Awaited<ReturnType<typeof mint>>, number, string]> = [
      [await mint(undefined, null), 401, 'invalid_api_key'],
      [await mint(seedLines.main.lineId, seedAccessTokens.mcp), 401, 'invalid_api_key'],
      [await mint(seedLines.main.lineId, seedKeys.legacyKey), 403, 'api_key_unsupported'],
      [
        await request('POST', `${APP}/api/v1/dialer/token`, undefined, seedKeys.production, '{not json'),
        400,
        'invalid_line_id',
      ],
      [await request('POST', `${APP}/api/v1/dialer/token`, [], seedKeys.production), 400, 'invalid_line_id'],
      [await mint('x'.repeat(5000)), 400, 'invalid_line_id'],
      [await mint(seedOtherLines.crm.lineId), 404, 'line_not_found'],
      [await mint(seedLines.shared.lineId), 403, 'line_not_eligible'],
      [await mint(seedLines.inboundOnly.lineId), 403, 'line_inbound_only'],
      [await mint(seedOtherLines.noAudio.lineId, seedKeys.noAudio), 403, 'dialer_subscription_required'],
      [await mint(seedOtherLines.paywalled.lineId, seedKeys.paywalled), 402, 'account_paywalled'],
      [await mint(seedOtherLines.notProvisioned.lineId, seedKeys.notProvisioned), 404, 'dialer_not_provisioned'],
      [await mint(seedOtherLines.capped.lineId, seedKeys.capped), 402, 'dialer_cap_reached'],
    ]
    for (const [res, status, code] of cases) {
      expect([res.status, res.body.code], code).toEqual([status, code])
      expect(mintErrorBodySchema.safeParse(res.body).success).toBe(true)
      expect(res.body).not.toHaveProperty('hint')
    }
    const cap = cases[cases.length - 1]?.[0].body
    expect(cap).toMatchObject({ used: 120, included: 120, cap: 120, periodEnd: '2026-01-16T00:00:00.000Z' })
  })

  it('429 after 30 mints with retryAfterSeconds equal to Retry-After; malformed requests use no slot', async () => {
    const { mint, request } = setup()
    for (let i = 0; i < 5; i++)
      expect((await request('POST', `${APP}/api/v1/dialer/token`, { lineId: 42 })).status).toBe(400)
    for (let i = 0; i < 30; i++) expect((await mint()).status).toBe(200)
    const limited = await mint()
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfterSeconds))
    // The messaging API has its own budget (spec: separate from the 60).
    expect((await request('GET', 'http://api.mock.test/get-lines')).status).toBe(200)
  })

  it('a proxy in front of the mint can answer a non-JSON 502 or 503 (control: /__mock/faults/mint)', async () => {
    const { mint, control } = setup()
    expect((await control('POST', '/faults/mint', { kind: 'proxy502' })).status).toBe(201)
    const bad = await mint()
    expect(bad.status).toBe(502)
    expect(bad.headers.get('content-type')).toContain('text/html')
    expect(() => JSON.parse(bad.text) as unknown).toThrow()
    await control('POST', '/faults/mint', { kind: 'proxy503', count: 2 })
    expect((await mint()).status).toBe(503)
    expect((await mint()).status).toBe(503)
    await control('POST', '/faults/mint', { kind: 'unavailable' })
    expect(await mint()).toMatchObject({ status: 503, body: { code: 'dialer_unavailable' } })
    expect((await mint()).status).toBe(200)
    expect((await control('POST', '/faults/mint', { kind: 'teapot' })).status).toBe(400)
  })

  it('a line that hits its cap through completed calls is refused on the next mint; minutes reset at UTC midnight', async () => {
    const { mint, control, clock } = setup('2026-01-15T23:00:00Z')
    await control('POST', '/dialer', { lineId: seedLines.main.lineId, lineCapMinutes: 2 })
    const token = (await mint()).body.token as string
    const recorded = await control('POST', '/call-logs', { token, to: '+14155550150' })
    expect(recorded.status).toBe(201)
    const id = (recorded.body.callLog as { id: string }).id
    await control('POST', `/call-logs/${id}/complete`, { outcome: 'answered', durationSeconds: 100 })
    const refused = await mint()
    expect(refused).toMatchObject({ status: 402, body: { code: 'dialer_cap_reached', used: 2, cap: 2 } })
    expect(((await control('GET', '/dialer')).body.dialer as { usedMinutes: number }).usedMinutes).toBe(2)
    clock.advance(3600_000)
    const next = await mint()
    expect(next.status).toBe(200)
    expect(next.body.allowance).toMatchObject({ used: 0, line: { used: 0, cap: 2, capped: false } })
  })

  it('allowance null when the plan cannot be read; soft near the included minutes', async () => {
    const { mint, control } = setup()
    await control('POST', '/dialer', { usedMinutes: 100 })
    expect((await mint()).body.allowance).toMatchObject({ state: 'soft', pct: 83 })
    await control('POST', '/dialer', { planReadable: false })
    const res = await mint()
    expect(res.status).toBe(200)
    expect(res.body.allowance).toBeNull()
  })

  it('a token places at most 10 dialer calls', async () => {
    const { mint, control } = setup()
    const token = (await mint()).body.token as string
    for (let i = 0; i < 10; i++)
      expect((await control('POST', '/call-logs', { token, to: '+14155550150' })).status).toBe(201)
    expect(await control('POST', '/call-logs', { token, to: '+14155550150' })).toMatchObject({
      status: 429,
      body: { code: 'token_exhausted' },
    })
  })
})

describe('call logs over HTTP', () => {
  it("lists attempts with every field and the spec's 400s", async () => {
    const { request, control, clock } = setup()
    const id = ((await control('POST', '/call-logs', { to: '+14155550150' })).body.callLog as { id: string }).id
    await control('POST', `/call-logs/${id}/complete`, {
      outcome: 'answered',
      durationSeconds: 42,
      transcript: 'Agent: Hi\nContact: Wrong number, sorry.',
    })
    const get = (q: string) => request('GET', `http://api.mock.test/get-call-logs-api${q}`)
    const first = await get('')
    expect(first.status).toBe(200)
    expect(callLogsListResponseSchema.safeParse(first.body).success).toBe(true)
    expect((first.body.data as Array<Record<string, unknown>>)[0]).toMatchObject({
      id,
      status: 'completed',
      duration_seconds: 42,
      disposition: null,
    })
    clock.advance(30_000)
    expect(((await get('')).body.data as Array<Record<string, unknown>>)[0]?.disposition).toBe('wrong_number')
    for (const q of [
      '?offset=1950&limit=100',
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?answered_at_gte=not-a-date',
      '?answered_at_lte=2026-13-45',
      `?pb_line_id=${seedOtherLines.crm.lineId}`,
      '?pb_line_id=nope',
      '?call_log_timestamp=sideways',
    ]) {
      const res = await get(q)
      expect(res.status, q).toBe(400)
      expect(messagingErrorBodySchema.safeParse(res.body).success).toBe(true)
    }
    expect(
      (
        await get(
          `?pb_line_id=${seedLines.main.lineId}&answered_at_gte=2026-01-15T00:00:00Z&call_log_timestamp=asc&limit=5`,
        )
      ).body.pagination,
    ).toEqual({ limit: 5, offset: 0, total: 1 })
    expect((await request('GET', 'http://api.mock.test/get-call-logs-api', undefined, null)).status).toBe(401)
    expect((await control('POST', `/call-logs/${id}/complete`, { outcome: 'busy' })).status).toBe(409)
    expect((await control('POST', `/call-logs/${id}/complete`, { outcome: 'exploded' })).status).toBe(400)
  })
})
