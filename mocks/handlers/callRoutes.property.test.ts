/**
 * Property tests for the call, call-log and mint routes, beyond the generic "no 5xx" fuzz of mocks/property.test.ts:
 * the mint's own error shape and statuses, the call-logs bounds, and a model-based test of the
 * inbound-call state machine and its webhooks.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  audioCallEventSchema,
  callLogsListResponseSchema,
  endpointsById,
  messagingErrorBodySchema,
  mintErrorBodySchema,
  voiceTokenResponseSchema,
} from '../../src/api'
import { createMockClock, createMockService, seedAccessTokens, seedKeys, seedLines, seedOtherLines } from '../index'

const LINES = [
  seedLines.main.lineId,
  seedLines.shared.lineId,
  seedLines.inboundOnly.lineId,
  seedLines.messaging.lineId,
  seedOtherLines.crm.lineId,
  seedOtherLines.capped.lineId,
  seedOtherLines.paywalled.lineId,
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
]
const KEYS = [...Object.values(seedKeys), seedAccessTokens.mcp, 'bogus', '']

describe('property: the voice-token mint', () => {
  it('answers only its declared statuses, with the mint error body or the voice-token response', async () => {
    const mock = createMockService({
      clock: createMockClock({ now: '2026-01-15T12:00:00Z' }),
      webhookSender: async () => ({ status: 200 }),
    })
    const declared: readonly number[] = endpointsById.mintVoiceToken.statuses
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .record({ lineId: fc.oneof(fc.constantFrom(...LINES), fc.jsonValue()) }, { requiredKeys: [] })
          .map((o) => JSON.stringify(o)),
      },
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 100 }),
      fc.constantFrom('', '{', 'null', `{"lineId":"${'x'.repeat(100_000)}"}`),
    )
    const auth = fc.option(fc.constantFrom(...KEYS), { freq: 8 })
    await fc.assert(
      fc.asyncProperty(body, auth, fc.nat({ max: 5_000 }), async (raw, key, wait) => {
        mock.clock.advance(wait)
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (key !== null) headers.authorization = `Bearer ${key}`
        const response = await mock.fetch('https://app.fuzz.test/api/v1/dialer/token', {
          method: 'POST',
          headers,
          body: raw,
        })
        const text = await response.text()
        expect(declared, text.slice(0, 200)).toContain(response.status)
        expect(response.status).toBeLessThan(500)
        const json: unknown = JSON.parse(text)
        if (response.status === 200) {
          expect(voiceTokenResponseSchema.safeParse(json).success).toBe(true)
          return
        }
        const parsed = mintErrorBodySchema.safeParse(json)
        expect(parsed.success, text.slice(0, 200)).toBe(true)
        if (parsed.success && parsed.data.code === 'rate_limited') {
          expect(response.headers.get('retry-after')).toBe(String(parsed.data.retryAfterSeconds))
        }
        if (parsed.success && parsed.data.code === 'dialer_cap_reached') {
          expect(parsed.data).toMatchObject({
            used: expect.any(Number),
            included: expect.any(Number),
            periodEnd: expect.any(String),
          })
        }
      }),
      { numRuns: 400 },
    )
  }, 60_000)
})

describe('property: call logs query', () => {
  it('200 with the list schema, or 400 with the error body; offset + limit > 2000 is always 400', async () => {
    const mock = createMockService({
      clock: createMockClock({ now: '2026-01-15T12:00:00Z' }),
      webhookSender: async () => ({ status: 200 }),
    })
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    for (let i = 0; i < 3; i++) {
      const log = mock.control.callLogs.record({ to: `+1415555016${i}` })
      mock.control.callLogs.complete(log.id, { outcome: i === 0 ? 'busy' : 'answered', durationSeconds: 30 })
    }
    const intish = fc.oneof(
      fc.integer({ min: -5, max: 2_100 }).map(String),
      fc.constantFrom('', 'abc', '1.5', '1e3', '0x10'),
    )
    const date = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom('2026-01-15', 'yesterday', '2026-02-30T00:00:00Z', ''),
    )
    const query = fc.record(
      {
        limit: intish,
        offset: intish,
        call_log_timestamp: fc.constantFrom('asc', 'desc', 'up'),
        pb_line_id: fc.constantFrom(...LINES),
        answered_at_gte: date,
        answered_at_lte: date,
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const url = new URL('https://api.fuzz.test/get-call-logs-api')
        for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v)
        const response = await mock.fetch(url, { headers: { authorization: `Bearer ${seedKeys.production}` } })
        const json: unknown = await response.json()
        const limit = q.limit === undefined ? 100 : Number(q.limit)
        const offset = q.offset === undefined ? 0 : Number(q.offset)
        if (Number.isInteger(limit) && Number.isInteger(offset) && offset + limit > 2000)
          expect(response.status).toBe(400)
        if (response.status === 200) {
          const page = callLogsListResponseSchema.parse(json)
          expect(page.data.length).toBeLessThanOrEqual(page.pagination.limit)
          if (q.answered_at_gte !== undefined || q.answered_at_lte !== undefined)
            for (const log of page.data) expect(log.answered_at).not.toBeNull()
        } else {
          expect(response.status).toBe(400)
          expect(messagingErrorBodySchema.safeParse(json).success).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  }, 60_000)
})

// ───────────────────────────── model-based: inbound calls ─────────────────────────────

type Status = 'ringing' | 'answered' | 'ended' | 'declined' | 'no_answer' | 'voicemail' | 'busy' | 'failed'
interface Model {
  calls: Array<{ status: Status; hungUp: boolean }>
}
interface Real {
  mock: ReturnType<typeof createMockService>
  uuids: string[]
  posted: Array<Record<string, unknown>>
}

const api = async (real: Real, path: string, body: unknown) => {
  const response = await real.mock.fetch(`https://api.fuzz.test${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const control = async (real: Real, path: string, body?: unknown) => {
  const response = await real.mock.fetch(`https://api.fuzz.test/__mock${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const terminal = (s: Status) => s !== 'ringing' && s !== 'answered'

class Ring implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(m: Model, r: Real) {
    const res = await control(r, '/calls/inbound', { from: '+14155550199', lineId: seedLines.main.lineId })
    expect(res.status).toBe(201)
    r.uuids.push((res.body.call as { call_uuid: string }).call_uuid)
    m.calls.push({ status: 'ringing', hungUp: false })
  }
  toString = () => 'ring'
}

abstract class OnCall implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.calls.length > 0
  protected target(m: Model, r: Real) {
    const i = this.index % m.calls.length
    return { call: m.calls[i] as Model['calls'][number], uuid: r.uuids[i] as string }
  }
  abstract run(m: Model, r: Real): Promise<void>
}

class Answer extends OnCall {
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await api(r, '/answer-audiocall-call-api', { call_uuid: uuid })
    if (call.status !== 'ringing') return void expect(res.status).toBe(409)
    if (call.hungUp) {
      expect(res.status).toBe(409)
      call.status = 'no_answer'
      return
    }
    expect(res.status).toBe(200)
    call.status = 'answered'
  }
  override toString = () => `answer(${this.index})`
}
class Decline extends OnCall {
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await api(r, '/decline-audiocall-call-api', { call_uuid: uuid })
    if (call.status !== 'ringing') return void expect(res.status).toBe(409)
    expect(res.status).toBe(200)
    call.status = 'declined'
  }
  override toString = () => `decline(${this.index})`
}
class Elsewhere extends OnCall {
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await control(r, `/calls/${uuid}/answer-elsewhere`)
    if (call.status !== 'ringing') return void expect(res.status).toBe(409)
    expect(res.status).toBe(200)
    call.status = 'answered'
  }
  override toString = () => `elsewhere(${this.index})`
}
class HangUp extends OnCall {
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await control(r, `/calls/${uuid}/caller-hangup`)
    if (call.status !== 'ringing') return void expect(res.status).toBe(409)
    expect(res.status).toBe(200)
    call.hungUp = true
  }
  override toString = () => `hangup(${this.index})`
}
class Repeat extends OnCall {
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await control(r, `/calls/${uuid}/ring`)
    expect(res.status).toBe(call.status === 'ringing' ? 200 : 409)
  }
  override toString = () => `repeat(${this.index})`
}
class End extends OnCall {
  constructor(
    index: number,
    readonly status: Exclude<Status, 'ringing' | 'answered'>,
  ) {
    super(index)
  }
  override async run(m: Model, r: Real) {
    const { call, uuid } = this.target(m, r)
    const res = await control(r, `/calls/${uuid}/end`, { status: this.status })
    if (terminal(call.status)) return void expect(res.status).toBe(409)
    expect(res.status).toBe(200)
    call.status = this.status
  }
  override toString = () => `end(${this.index}, ${this.status})`
}

describe('property: inbound call state machine', () => {
  it("follows the spec's transitions; ringing once, answered once at most, ended exactly once per terminal call", async () => {
    const idx = fc.nat({ max: 7 })
    const commands = fc.commands(
      [
        fc.constant(new Ring()),
        idx.map((i) => new Answer(i)),
        idx.map((i) => new Decline(i)),
        idx.map((i) => new Elsewhere(i)),
        idx.map((i) => new HangUp(i)),
        idx.map((i) => new Repeat(i)),
        fc
          .tuple(
            idx,
            fc.constantFrom('ended', 'declined', 'no_answer', 'voicemail', 'busy', 'failed') as fc.Arbitrary<
              Exclude<Status, 'ringing' | 'answered'>
            >,
          )
          .map(([i, s]) => new End(i, s)),
      ],
      { maxCommands: 25 },
    )
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const posted: Array<Record<string, unknown>> = []
        const mock = createMockService({
          clock: createMockClock({ now: '2026-01-15T12:00:00Z' }),
          webhookSender: async (_url, body) => {
            posted.push(body as Record<string, unknown>)
            return { status: 204 }
          },
        })
        mock.control.updateSettings({ rateLimitPerMinute: 0 })
        mock.control.webhooks.create({ url: 'https://hooks.fuzz.test/calls', audioCalls: true })
        const real: Real = { mock, uuids: [], posted }
        const model: Model = { calls: [] }
        await fc.asyncModelRun(() => ({ model, real }), cmds)
        await mock.control.webhooks.flush()
        for (const [i, uuid] of real.uuids.entries()) {
          const expected = model.calls[i] as Model['calls'][number]
          const status = await real.mock.fetch(
            `https://api.fuzz.test/get-audiocall-call-status-api?call_uuid=${uuid}`,
            { headers: { authorization: `Bearer ${seedKeys.production}` } },
          )
          expect(((await status.json()) as { call_status: string }).call_status).toBe(expected.status)
          const events = posted.filter((p) => p.call_uuid === uuid)
          for (const e of events) expect(audioCallEventSchema.safeParse(e).success).toBe(true)
          const count = (name: string) => events.filter((e) => e.event === name).length
          expect(count('audiocall.inbound.ringing')).toBe(1)
          expect(count('audiocall.inbound.answered')).toBeLessThanOrEqual(1)
          expect(count('audiocall.inbound.ended')).toBe(terminal(expected.status) ? 1 : 0)
          const ended = events.find((e) => e.event === 'audiocall.inbound.ended')
          if (ended) expect(ended.status).toBe(expected.status)
          if (ended) expect(ended.answeredAt === null).toBe(count('audiocall.inbound.answered') === 0)
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
