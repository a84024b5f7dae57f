import { describe, expect, it } from 'vitest'
import { createMockClock, createMockService, seedKeys, seedLines } from '../../mocks'
import type { AudioCallEvent, MessageRecord } from '../../src/api'
import { createMemoryModelStore } from './memoryModelStore'
import { createReadModel } from './createReadModel'
import type { ModelStore } from './modelTypes'
import { createReconciler } from './reconciler'
import type { ReconcilerOptions } from './reconciler'

const BASE = 'https://api.example.test'
const LINES = Object.values(seedLines).map((line) => line.lineId)
const quiet = { warn: () => undefined }

/** The in-process mock (its 60/min limit on) behind a counting upstream, on a manual clock. */
function setup(options: { store?: ModelStore; webhooks?: boolean } = {}) {
  const clock = createMockClock({ now: '2026-03-02T12:00:00Z' })
  const hooks: Record<string, unknown>[] = []
  const mock = createMockService({
    clock,
    webhookSender: async (_url, body) => {
      hooks.push(body as Record<string, unknown>)
      return { status: 200 }
    },
  })
  if (options.webhooks) {
    mock.control.webhooks.create({ accountId: 'acct_production', url: 'https://app.example/hooks', audioCalls: true })
  }
  const requests: { at: number; url: URL; status: number }[] = []
  const upstream: ReconcilerOptions['upstream'] = async (request, { priority }) => {
    expect(priority).toBe('background')
    const headers = new Headers(request.headers)
    headers.set('authorization', `Bearer ${seedKeys.production}`)
    const response = await mock.fetch(new Request(request, { headers }))
    requests.push({ at: clock.now(), url: new URL(request.url), status: response.status })
    return response
  }
  const model = createReadModel({ now: () => clock.now(), ...(options.store ? { store: options.store } : {}) })
  const reconciler = (over: Partial<ReconcilerOptions> = {}) =>
    createReconciler({ model, upstream, baseUrl: BASE, logger: quiet, ...over })
  /** The most requests in any 60-second window. */
  const peakPerMinute = () =>
    Math.max(0, ...requests.map((r) => requests.filter((o) => o.at >= r.at && o.at < r.at + 60_000).length))
  return { clock, mock, hooks, requests, model, reconciler, peakPerMinute }
}

const visible = (model: ReturnType<typeof createReadModel>) => model.queryMessages({ limit: 100 }, LINES)

describe('createReconciler', () => {
  it('reads the seeded history on its first tick and covers the account from its first message', async () => {
    const { model, reconciler, requests } = setup()
    await reconciler().runOnce()
    expect(requests.map((q) => q.url.pathname)).toEqual(['/get-messages-api', '/get-call-logs-api'])
    expect(model.coverage()!.since).toBeNull()
    expect(visible(model)!.data).toHaveLength(9)
  })

  it('reads the newest messages every hurriedEveryMs while hurried (webhooks not delivered), and at its pace again after', async () => {
    const { clock, reconciler, requests } = setup()
    const r = reconciler({ messagesEveryMs: 10_000, hurriedEveryMs: 5_000, callLogsEveryMs: 0 })
    await r.runOnce()
    const reads = () => requests.filter((q) => q.url.pathname === '/get-messages-api').length
    const first = reads()
    clock.advance(5_000)
    await r.runOnce()
    expect(reads()).toBe(first)
    r.hurry(true)
    await r.runOnce()
    expect(reads()).toBe(first + 1)
    clock.advance(5_000)
    await r.runOnce()
    expect(reads()).toBe(first + 2)
    r.hurry(false)
    clock.advance(5_000)
    await r.runOnce()
    expect(reads()).toBe(first + 2)
    clock.advance(5_000)
    await r.runOnce()
    expect(reads()).toBe(first + 3)
  })

  it('reads the newest messages soonMs after soon() (a provisional record awaits its listing), not a whole interval later', async () => {
    const { clock, model, reconciler, requests } = setup()
    const r = reconciler({ messagesEveryMs: 10_000, soonMs: 2_000, callLogsEveryMs: 0 })
    await r.runOnce()
    const reads = () => requests.filter((q) => q.url.pathname === '/get-messages-api').length
    const first = reads()
    clock.advance(1_000)
    await r.runOnce()
    expect(reads()).toBe(first)
    r.soon()
    r.soon() // calls within soonMs share one read
    clock.advance(1_000)
    await r.runOnce()
    expect(reads()).toBe(first)
    clock.advance(1_000)
    await r.runOnce()
    expect(reads()).toBe(first + 1)
    clock.advance(1_000)
    await r.runOnce()
    expect(reads()).toBe(first + 1)
    expect(model.coverage()).not.toBeNull()
  })

  it('catches up a backlog by time cursor within its share: never more than its share in any minute, no 429', async () => {
    const { clock, mock, model, reconciler, requests, peakPerMinute } = setup()
    const r = reconciler({ requestsPerMinute: 12 })
    await r.runOnce()
    for (let i = 0; i < 2500; i++) {
      mock.control.injectInbound({ from: `+1415555${String(1000 + (i % 50)).padStart(4, '0')}`, message: `m${i}` })
      if (i % 10 === 0) clock.advance(1000)
    }
    for (let s = 0; s < 600 && model.state.messages.all.length < 2509; s++) {
      await r.runOnce()
      clock.advance(1000)
    }
    expect(model.state.messages.all).toHaveLength(2509)
    expect(peakPerMinute()).toBeLessThanOrEqual(12)
    expect(requests.every((q) => q.status === 200)).toBe(true)
    // Time cursor, not deep offsets: an offset only skips records at one instant.
    for (const q of requests) {
      expect(
        Number(q.url.searchParams.get('offset') ?? 0) + Number(q.url.searchParams.get('limit')),
      ).toBeLessThanOrEqual(200)
    }
  })

  it('steady state: one read per interval, re-reading an overlap (status moves), nothing more', async () => {
    const { clock, mock, model, reconciler, requests } = setup()
    const r = reconciler({ messagesEveryMs: 10_000 })
    await r.runOnce()
    const sent = await mock.fetch(`${BASE}/send-api-message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+14155550124', message: 'status moves' }),
    })
    expect(sent.status).toBe(200)
    for (let s = 0; s < 60; s++) {
      clock.advance(1000)
      await r.runOnce()
    }
    // 1 first read + one every 10 s for 60 s; the newest call logs once a minute.
    expect(requests.filter((q) => q.url.pathname === '/get-messages-api')).toHaveLength(7)
    expect(requests.filter((q) => q.url.pathname === '/get-call-logs-api')).toHaveLength(2)
    expect(requests).toHaveLength(9)
    const mine = visible(model)!.data.find((m) => m.content === 'status moves')!
    expect(mine.status).toBe('delivered')
  })

  it('recovers lost message webhooks and replaces provisional records exactly once', async () => {
    const { clock, mock, hooks, model, reconciler } = setup({ webhooks: true })
    const r = reconciler()
    await r.runOnce()
    for (let i = 0; i < 20; i++) {
      mock.control.injectInbound({ from: '+14155550124', message: `hello ${i}` })
      clock.advance(500)
    }
    await mock.control.webhooks.flush()
    // Every other webhook reaches the server; the rest are lost.
    for (const [i, hook] of hooks.entries()) if (i % 2 === 0) await model.applyMessageWebhook(hook as never)
    expect(visible(model)!.data.filter((m) => m.message_handle.startsWith('lkw_'))).toHaveLength(10)
    clock.advance(10_000)
    await r.runOnce()
    const data = visible(model)!.data
    const hellos = data.filter((m) => m.content.startsWith('hello'))
    expect(hellos).toHaveLength(20)
    expect(new Set(hellos.map((m) => m.content)).size).toBe(20)
    expect(hellos.every((m) => m.message_handle.startsWith('pbm_'))).toBe(true)
  })

  it('reconciles a ringing call whose answered was lost and an answered call whose ended was lost', async () => {
    const { clock, mock, hooks, model, reconciler, requests } = setup({ webhooks: true })
    const r = reconciler({ ringingPollMs: 15_000, answeredPollMs: 60_000 })
    await r.runOnce()
    const first = mock.control.calls.inbound({ from: '+14155550199', accountId: 'acct_production' })
    const second = mock.control.calls.inbound({ from: '+14155550198', accountId: 'acct_production' })
    await mock.control.webhooks.flush()
    for (const hook of hooks.filter((h) => String(h.event).startsWith('audiocall'))) {
      await model.applyCallEvent(hook as AudioCallEvent)
    }
    hooks.length = 0
    mock.control.calls.answerElsewhere(first.call_uuid)
    mock.control.calls.answerElsewhere(second.call_uuid)
    await mock.control.webhooks.flush()
    // Only the second call's answered event arrives; then its ended event is lost.
    await model.applyCallEvent(hooks.find((h) => h.call_uuid === second.call_uuid) as AudioCallEvent)
    mock.control.calls.end(second.call_uuid, 'ended')
    const calls = () => Object.fromEntries(model.recentInboundCalls(LINES).map((c) => [c.callUuid, c.state]))
    expect(calls()).toEqual({ [first.call_uuid]: 'ringing', [second.call_uuid]: 'answered' })
    clock.advance(16_000)
    await r.runOnce()
    expect(calls()).toEqual({ [first.call_uuid]: 'answered', [second.call_uuid]: 'answered' })
    clock.advance(60_000)
    await r.runOnce()
    expect(calls()[second.call_uuid]).toBe('ended')
    const polls = requests.filter((q) => q.url.pathname === '/get-audiocall-call-status-api')
    // The first tick polls the ringing call only (the answered one is not due yet); the next, both.
    expect(polls.map((q) => q.url.searchParams.get('call_uuid'))).toEqual([
      first.call_uuid,
      second.call_uuid,
      first.call_uuid,
    ])
    // The line of a call is the ringing event's, never read from the status answer.
    expect(model.lineIdForCall(first.call_uuid)).toBe(seedLines.main.lineId)
  })

  it('keeps the newest call logs and answers the call-log list from them', async () => {
    const { mock, model, reconciler, clock } = setup()
    for (const to of ['+14155550150', '+14155550151', '+14155550152']) {
      mock.control.callLogs.record({ to, lineId: seedLines.main.lineId, accountId: 'acct_production' })
      clock.advance(1000)
    }
    await reconciler().runOnce()
    const all = model.queryCallLogs({}, LINES)!
    expect(all.data.map((log) => log.to_number)).toEqual(['+14155550152', '+14155550151', '+14155550150'])
    expect(model.queryCallLogs({ call_log_timestamp: 'asc', limit: 1 }, LINES)!.data[0]!.to_number).toBe('+14155550150')
    expect(model.queryCallLogs({}, [seedLines.messaging.lineId])!.data).toEqual([])
    expect(model.queryCallLogs({ pb_line_id: seedLines.main.lineId }, [seedLines.messaging.lineId])).toBeUndefined()
    expect(model.queryCallLogs({ answered_at_gte: 'soon' }, LINES)).toBeUndefined()
  })

  it('when the gate has no room for it, tries again at the next tick: quietly, and nothing counted', async () => {
    const { mock, model } = setup()
    let room = false
    const warnings: string[] = []
    const r = createReconciler({
      model,
      upstream: async (request) => (room ? mock.fetch(withKey(request)) : null),
      baseUrl: BASE,
      logger: { warn: (line: string) => void warnings.push(line) },
    })
    await r.runOnce()
    expect(model.coverage()).toBeUndefined()
    expect(r.sentInLastMinute()).toBe(0)
    room = true
    await r.runOnce()
    expect(model.coverage()!.since).toBeNull()
    expect(r.sentInLastMinute()).toBe(2)
    expect(warnings).toEqual([])
  })

  it('after a restart, catches up from where it stopped (the cursor is in the store)', async () => {
    const store = createMemoryModelStore()
    const one = setup({ store })
    const r = one.reconciler()
    await r.runOnce()
    await r.stop()
    const until = one.model.coverage()!.until
    one.clock.advance(3_600_000)
    for (let i = 0; i < 5; i++) one.mock.control.injectInbound({ from: '+14155550124', message: `while away ${i}` })
    // A new model and reconciler over the same store and service.
    const model = createReadModel({ store, now: () => one.clock.now() })
    const again = createReconciler({
      model,
      upstream: (request, o) => {
        seen.push(new URL(request.url))
        return Promise.resolve(o.priority === 'background' ? one.mock.fetch(withKey(request)) : new Response(null))
      },
      baseUrl: BASE,
      logger: quiet,
    })
    const seen: URL[] = []
    await again.runOnce()
    expect(seen.map((url) => url.pathname)).toEqual(['/get-messages-api', '/get-call-logs-api'])
    expect(seen[0]!.searchParams.get('order_direction')).toBe('asc')
    expect(Date.parse(seen[0]!.searchParams.get('created_at_gte')!)).toBe(Date.parse(until) - 120_000)
    const contents = model.queryMessages({}, LINES)!.data.map((m: MessageRecord) => m.content)
    expect(contents.filter((c) => c.startsWith('while away'))).toHaveLength(5)
    expect(model.coverage()!.since).toBeNull()
  })
})

function withKey(request: Request): Request {
  const headers = new Headers(request.headers)
  headers.set('authorization', `Bearer ${seedKeys.production}`)
  return new Request(request, { headers })
}

describe('webhooks and the reconciler together', () => {
  it('whatever webhooks are lost, late or repeated, the model ends with exactly the service’s messages', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      let state = seed
      const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
      const { clock, mock, hooks, model, reconciler } = setup({ webhooks: true })
      const r = reconciler({ requestsPerMinute: 30 })
      await r.runOnce()
      const post = (path: string, body: unknown) =>
        mock.fetch(`${BASE}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const held: Record<string, unknown>[] = []
      for (let step = 0; step < 80; step++) {
        const pick = random()
        const text = ['Thanks!', 'On my way', `note ${step}`][Math.floor(random() * 3)]!
        if (pick < 0.35)
          await post('/send-api-message', { phone: '+14155550124', message: text, idempotencyKey: `k${step}` })
        else if (pick < 0.45)
          await post('/send-group-message', { numbers: ['+14155550124', '+14155550146'], message: text })
        else if (pick < 0.55)
          mock.control.injectInbound({ from: '+14155550146', message: text, groupId: 'pbg_SeedTeamLunch00000001' })
        else mock.control.injectInbound({ from: '+14155550137', message: text })
        clock.advance(Math.floor(random() * 3000))
        await mock.control.webhooks.flush()
        // Each webhook: lost, delivered, delivered twice, or held back and delivered later.
        for (const hook of hooks.splice(0)) {
          if (!('guid' in hook)) continue
          const fate = random()
          if (fate < 0.25) continue
          if (fate < 0.5) held.push(hook)
          else await model.applyMessageWebhook(hook as never)
          if (fate > 0.9) await model.applyMessageWebhook(hook as never)
        }
        if (held.length > 0 && random() < 0.3) await model.applyMessageWebhook(held.shift() as never)
        if (random() < 0.2) await r.runOnce()
      }
      for (const hook of held) await model.applyMessageWebhook(hook as never)
      clock.advance(10_000)
      for (let i = 0; i < 5; i++) {
        clock.advance(10_000)
        await r.runOnce()
      }
      const service = (await (
        await mock.fetch(`${BASE}/get-messages-api?limit=100`, {
          headers: { authorization: `Bearer ${seedKeys.production}` },
        })
      ).json()) as { data: MessageRecord[] }
      const mine = model.queryMessages({ limit: 100 }, LINES)!.data
      expect(mine.map((m) => m.message_handle).sort(), `seed ${seed}`).toEqual(
        service.data.map((m) => m.message_handle).sort(),
      )
    }
  })
})
