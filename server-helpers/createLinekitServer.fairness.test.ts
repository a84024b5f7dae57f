/**
 * Fair shares of the key: several users behind one linekit server (the rig's mock with its own
 * 60/min and 30/min on), on fake timers. One user's flood never costs another user a 429.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { countingBus } from '../test/support/server/countingBus'
import { createRig, MAIN, MESSAGING, T0 } from '../test/support/serverRig'

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: Date.parse(T0),
  }),
)
afterEach(() => vi.useRealTimers())

/** `count` numbers with a conversation on `lineId` (typing indicators need one: spec, POST /send-typing-indicator). */
function threadsOn(rig: ReturnType<typeof createRig>, lineId: string, count: number): string[] {
  const numbers = Array.from({ length: count }, (_, i) => `+1415555${String(3000 + i)}`)
  for (const from of numbers) rig.mock.control.injectInbound({ from, lineId, message: 'hi' })
  return numbers
}

const upstreamTo = (rig: ReturnType<typeof createRig>, path: string) =>
  rig.upstream.filter((call) => new URL(call.url).pathname === path)

describe('fair shares of the key', () => {
  // 40 threads: coalesced to 40 upstream indicators, within bob's share (budgetStore.ts, fairShare: 50
  // of 60 alone). 60 threads: more than his share, so part of the flood is refused, to him alone.
  it.each([40, 60])(
    "one user's 90 typing indicators from %i threads: another user's send 2 s later and her reads go; the flood meets only its own 429s",
    async (count) => {
      const rig = createRig({ rateLimit: true, server: { readModel: false } })
      const threads = threadsOn(rig, MESSAGING, count)
      await rig.server.settled()
      const flood = Array.from({ length: 90 }, (_, i) =>
        rig.call('bob', '/send-typing-indicator', { body: { phoneNumber: threads[i % count], lineId: MESSAGING } }),
      )
      await vi.advanceTimersByTimeAsync(2000)
      const send = await rig.call('alice', '/send-api-message', {
        body: { phone: '+14155550142', message: 'still here', lineId: MAIN },
      })
      expect(send.status).toBe(200)
      const read = await rig.call('alice', `/get-messages-api?pb_line_id=${MAIN}`)
      expect(read.status).toBe(200)

      const answers = await Promise.all(flood)
      const refused = answers.filter((a) => a.status === 429)
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true)
      expect(refused.length > 0).toBe(count > 50)
      for (const answer of refused) {
        expect(answer.json).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('from you') })
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      // The service never refused anything: the gate kept every user within the key's 60.
      expect(rig.upstream.length).toBeLessThanOrEqual(60)
      expect(rig.logs.filter((l) => l.message.includes('answered 429'))).toEqual([])
    },
  )

  it("one user's 40 mints: another user's mint on his own line goes", async () => {
    const rig = createRig({ rateLimit: true, server: { readModel: false } })
    const flood = Array.from({ length: 40 }, () => rig.call('alice', '/dialer/token', { body: { lineId: MAIN } }))
    await vi.advanceTimersByTimeAsync(1000)
    const his = await rig.call('bob', '/dialer/token', { body: { lineId: MESSAGING } })
    expect(his.status).toBe(200)
    const answers = await Promise.all(flood)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) {
      // spec: Errors — the mint's 429 is `rate_limited` with `retryAfterSeconds` and Retry-After.
      expect(answer.json).toMatchObject({ code: 'rate_limited', retryAfterSeconds: expect.any(Number) })
      expect(answer.headers.get('retry-after')).toBe(
        String((answer.json as { retryAfterSeconds: number }).retryAfterSeconds),
      )
    }
    expect(upstreamTo(rig, '/api/v1/dialer/token').length).toBeLessThanOrEqual(30)
  })
})

describe('typing indicators', () => {
  it('send at most one upstream per thread per interval; the others get its answer', async () => {
    const rig = createRig({ server: { readModel: false, typingIntervalMs: 3000 } })
    const [one, two] = threadsOn(rig, MESSAGING, 2)
    await rig.server.settled()
    const typing = (user: 'bob' | 'admin', phoneNumber: string) =>
      rig.call(user, '/send-typing-indicator', { body: { phoneNumber, lineId: MESSAGING } })
    const burst = await Promise.all(Array.from({ length: 5 }, () => typing('bob', one!)))
    expect(burst.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    // spec: POST /send-typing-indicator — `{ status, number, error_message }`; every caller the same answer.
    expect(new Set(burst.map((a) => a.text)).size).toBe(1)
    expect(burst[0]!.json).toMatchObject({ status: 'SENT', error_message: null })
    expect(upstreamTo(rig, '/send-typing-indicator')).toHaveLength(1)
    // Another thread, and another user on the same thread, are other threads.
    await typing('bob', two!)
    await typing('admin', one!)
    expect(upstreamTo(rig, '/send-typing-indicator')).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(2999)
    await typing('bob', one!)
    expect(upstreamTo(rig, '/send-typing-indicator')).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(1)
    await typing('bob', one!)
    expect(upstreamTo(rig, '/send-typing-indicator')).toHaveLength(4)
  })

  it('keep no refusal: after a 4xx the next request of the thread goes upstream', async () => {
    const rig = createRig({ server: { readModel: false } })
    // No conversation with this number yet: the service refuses the indicator.
    const call = () =>
      rig.call('bob', '/send-typing-indicator', { body: { phoneNumber: '+14155559999', lineId: MESSAGING } })
    expect((await call()).status).toBeGreaterThanOrEqual(400)
    expect((await call()).status).toBeGreaterThanOrEqual(400)
    expect(upstreamTo(rig, '/send-typing-indicator')).toHaveLength(2)
  })
})

describe('event stream limits', () => {
  const open = (rig: ReturnType<typeof createRig>, user: 'alice' | 'bob') => {
    const controller = new AbortController()
    const response = rig.server.handle(rig.request(user, '/events', { signal: controller.signal }))
    return { response, close: () => controller.abort() }
  }

  it('refuses a user past maxStreamsPerUser with 429 and Retry-After, never another user', async () => {
    const rig = createRig({ server: { readModel: false, maxStreamsPerUser: 3 } })
    const alice = [open(rig, 'alice'), open(rig, 'alice'), open(rig, 'alice')]
    for (const s of alice) expect((await s.response).status).toBe(200)
    const refused = await open(rig, 'alice').response
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringContaining('event streams'),
      hint: expect.any(String),
    })
    expect((await open(rig, 'bob').response).status).toBe(200)
    // A closed stream gives its place back.
    alice[0]!.close()
    expect((await open(rig, 'alice').response).status).toBe(200)
  })

  it('refuses past maxStreams on the instance', async () => {
    const rig = createRig({ server: { readModel: false, maxStreams: 2 } })
    expect((await open(rig, 'alice').response).status).toBe(200)
    expect((await open(rig, 'bob').response).status).toBe(200)
    const refused = await open(rig, 'bob').response
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('frees what a stream holds when it closes: bus listeners, heartbeat timers and the limits all return', async () => {
    const bus = countingBus()
    const rig = createRig({ server: { readModel: false, eventBus: bus, maxStreamsPerUser: 5, maxStreams: 8 } })
    const idle = { listeners: bus.subscribers(), timers: vi.getTimerCount() }
    for (let round = 0; round < 3; round++) {
      const streams = [
        ...Array.from({ length: 5 }, () => open(rig, 'alice')),
        ...Array.from({ length: 3 }, () => open(rig, 'bob')),
      ]
      for (const s of streams) expect((await s.response).status).toBe(200)
      expect(bus.subscribers()).toBe(idle.listeners + 8)
      for (const s of streams) s.close()
      expect(bus.subscribers()).toBe(idle.listeners)
      expect(vi.getTimerCount()).toBe(idle.timers)
    }
  })
})
