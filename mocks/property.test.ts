import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { endpoints, messagingErrorBodySchema } from 'linekit/api'
import { createMockClock, createMockService, seedFlows, seedKeys, seedLines } from 'linekit/mocks'
import { createRoutes } from './handlers/index'
import { createMockCore } from './service/index'

// Every route the mock serves (read from its route list, so routes added later are covered too),
// except the control settings (a random latency would only slow the test down).
const mock = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
const routes = createRoutes(createMockCore()).filter((r) => r.path !== '/__mock/settings' && r.path !== '/__mock/reset')

const FIELDS = [
  'phone',
  'message',
  'lineId',
  'numbers',
  'messageHandle',
  'reaction',
  'remove',
  'partIndex',
  'phoneNumber',
  'flowId',
  'pb_line_id',
  'runId',
  'contactId',
  'customFields',
  'idempotencyKey',
  'effect',
  'mediaAttachmentUrl',
  'audioAttachmentUrl',
  'enableAiVoiceMemo',
  'groupName',
  'firstName',
  'lastName',
  'email',
  'note',
  'shouldAutoCreateContact',
  'limit',
  'offset',
  'order_by',
  'order_direction',
  'service',
  'direction',
  'from_number',
  'to_number',
  'created_at_gte',
  'created_at_lte',
  'sent_at_gte',
  'sent_at_lte',
  'kind',
  'ms',
  'now',
  'from',
  'groupId',
  'reachable',
  'optedOut',
  'blocked',
  'path',
  'status',
  'count',
  'mode',
  'text',
  'call_uuid',
  'phone_number',
  'unknownField',
]

const plausible = fc.constantFrom<unknown>(
  '+14155550178',
  '(415) 555-0177',
  '4155550124',
  'chat123',
  'a@b.c',
  '',
  ' ',
  'pbm_x',
  seedLines.main.lineId,
  seedLines.shared.lineId,
  '00000000-0000-4000-8000-000000000000',
  seedFlows.wait,
  seedFlows.unpublished,
  'slam',
  'confetti',
  'love',
  'inbound',
  'outbound',
  'RCS',
  'SMS',
  'nativechat',
  'asc',
  'createdAt',
  '2026-01-01T00:00:00Z',
  'not-a-date',
  'https://cdn.test/a.jpg',
  0,
  -1,
  1,
  2.5,
  100,
  2001,
  1e308,
  true,
  false,
  null,
  [],
  {},
  ['+14155550178', '+14155550180'],
  { a: 1 },
  'x'.repeat(5_000),
)
const value = fc.oneof(
  { weight: 3, arbitrary: plausible },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  fc.string({ maxLength: 300 }),
)
const objectBody = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }).map((o) => JSON.stringify(o))
const body = fc.oneof(
  { weight: 6, arbitrary: objectBody },
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '{"phone":',
    'null',
    '[]',
    '"str"',
    '{"__proto__":{"x":1}}',
    `{"message":"${'y'.repeat(200_000)}"}`,
    '\u0000',
  ),
)
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(plausible.map(String), fc.string({ maxLength: 50 })), {
  maxKeys: 5,
})
const pathParam = fc.oneof(
  fc.constantFrom('pbm_abc', 'pbm_', '%E0%A4%A', '..', 'pbm_%2F..', 'x'.repeat(3_000)),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
)
const auth = fc.constantFrom<string | null>(
  seedKeys.production,
  seedKeys.production,
  seedKeys.trial,
  seedKeys.crm,
  null,
  'bogus',
  '',
)

const request = fc.record({
  route: fc.constantFrom(...routes),
  method: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), { freq: 5 }),
  param: pathParam,
  query,
  body,
  auth,
  contentType: fc.constantFrom('application/json', 'text/plain', undefined),
})

function findEndpoint(method: string, path: string) {
  return endpoints.find((e) => e.method === method && e.host === 'base' && e.path === path)
}

describe('property: any request to any route', () => {
  it('never answers 5xx; every error body is the messaging error body; every 200 matches the response schema', async () => {
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const method = r.method ?? r.route.method
        const path = r.route.path.replace(/:[a-z_]+/g, r.param)
        const url = new URL(`https://fuzz.test${path}`)
        for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v)
        const headers: Record<string, string> = {}
        if (r.auth !== null) headers.authorization = `Bearer ${r.auth}`
        if (r.contentType) headers['content-type'] = r.contentType
        const hasBody = method !== 'GET'
        const response = await mock.fetch(url, { method, headers, body: hasBody ? r.body : undefined })
        const text = await response.text()
        expect(response.status, `${method} ${path} → ${text.slice(0, 300)}`).toBeLessThan(500)
        // The development upload routes answer as a storage bucket would: a preflight with no
        // body, a stored file with its own bytes. Every other answer is JSON.
        if (r.route.path.startsWith('/__mock/uploads/') && response.status < 400) {
          if (!response.headers.get('content-type')?.includes('json')) return
        }
        const json: unknown = JSON.parse(text)
        if (response.status >= 400) {
          expect(messagingErrorBodySchema.safeParse(json).success, text.slice(0, 300)).toBe(true)
        } else {
          const endpoint = findEndpoint(method, r.route.path)
          if (endpoint)
            expect(endpoint.response.safeParse(json).success, `${endpoint.id}: ${text.slice(0, 300)}`).toBe(true)
        }
      }),
      { numRuns: 1_500 },
    )
  }, 120_000)

  it('the rate limit answers 429 with the error body and Retry-After for any route', async () => {
    const limited = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const headers = { authorization: `Bearer ${seedKeys.production}` }
    for (let i = 0; i < 60; i++) await limited.fetch('https://x.test/get-effects', { headers })
    // spec: Limits — the 60/min budget is the messaging API's (the mint has its own 30/min).
    const service = routes.filter((r) => findEndpoint(r.method, r.path) !== undefined)
    expect(service.length).toBeGreaterThanOrEqual(15)
    for (const route of service) {
      const response = await limited.fetch(`https://x.test${route.path.replace(/:[a-z_]+/g, 'pbm_x')}`, {
        method: route.method,
        headers,
        body: route.method === 'GET' ? undefined : '{}',
      })
      expect(response.status, route.path).toBe(429)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(messagingErrorBodySchema.safeParse(await response.json()).success).toBe(true)
    }
  })
})
