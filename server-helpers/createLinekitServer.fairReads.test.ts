/**
 * Every route that spends the key is fair per user: reads, availability, contacts and call status
 * as well as sends. Several users behind one linekit server (the rig's mock with its own 60/min
 * on), on fake timers: one user's flood never costs another user a 429 or a wait in the
 * flooder's queue.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRig, MAIN, MESSAGING, T0 } from '../test/support/serverRig'

beforeEach(() =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: Date.parse(T0),
  }),
)
afterEach(() => vi.useRealTimers())

type Answer = Awaited<ReturnType<ReturnType<typeof createRig>['call']>>

/** The answer, once fake time has moved at most `ms`; 'waiting' when it has not come by then. */
async function within(promise: Promise<Answer>, ms: number): Promise<Answer | 'waiting'> {
  let answer: Answer | undefined
  void promise.then((a) => (answer = a))
  await vi.advanceTimersByTimeAsync(0)
  for (let moved = 0; answer === undefined && moved < ms; moved += 100) await vi.advanceTimersByTimeAsync(100)
  return answer ?? 'waiting'
}

const upstreamTo = (rig: ReturnType<typeof createRig>, path: string) =>
  rig.upstream.filter((call) => new URL(call.url).pathname === path)

/** alice sends `count` messages at once; resolves with their answers once all have come. */
async function aliceSends(rig: ReturnType<typeof createRig>, count: number): Promise<Answer[]> {
  const sends = Array.from({ length: count }, (_, i) =>
    rig.call('alice', '/send-api-message', {
      body: { phone: `+1415555${String(4000 + i)}`, message: `hello ${i}`, lineId: MAIN, idempotencyKey: `k${i}` },
    }),
  )
  await vi.advanceTimersByTimeAsync(1000)
  return Promise.all(sends)
}

describe('fair reads of the key', () => {
  it("one user's 60 sends: another user's single reads and availability checks are answered at once", async () => {
    const rig = createRig({ rateLimit: true, server: { readModel: false } })
    const inbound = rig.mock.control.injectInbound({ from: '+14155550199', lineId: MESSAGING, message: 'hi' })
    const sends = await aliceSends(rig, 60)
    expect(sends.filter((a) => a.status === 200)).toHaveLength(50)
    for (const refused of sends.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(429)
      expect(refused.json).toMatchObject({ code: 'rate_limited', error: expect.stringContaining('from you') })
    }

    // A page's worth each: the free sixth of the window is theirs (budgetStore.ts, fairShare).
    for (let i = 0; i < 4; i++) {
      const read = await within(rig.call('bob', `/get-message-api/${inbound.message_handle}`), 1000)
      expect(read).toMatchObject({ status: 200 })
      const availability = await within(
        rig.call('dora', '/api-check-native-availability', { body: { phone: `+1415555012${i}` } }),
        1000,
      )
      expect(availability).toMatchObject({ status: 200 })
    }
    expect(rig.logs.filter((l) => l.message.includes('answered 429'))).toEqual([])
  })

  it("one user's 60 distinct single reads: another user's reads are answered at once", async () => {
    const rig = createRig({ rateLimit: true, server: { readModel: false } })
    const handles = Array.from(
      { length: 60 },
      (_, i) =>
        rig.mock.control.injectInbound({ from: `+1415555${String(5000 + i)}`, lineId: MAIN, message: `m${i}` })
          .message_handle,
    )
    const mine = rig.mock.control.injectInbound({ from: '+14155550198', lineId: MESSAGING, message: 'hi' })
    const flood = handles.map((handle) => rig.call('alice', `/get-message-api/${handle}`))
    await vi.advanceTimersByTimeAsync(1000)
    for (let i = 0; i < 5; i++) {
      const read = await within(rig.call('bob', `/get-message-api/${mine.message_handle}`), 1000)
      expect(read).toMatchObject({ status: 200 })
    }
    const contacts = await within(rig.call('dora', '/get-external-contacts'), 1000)
    expect(contacts).toMatchObject({ status: 200 })
    const answers = await Promise.all(flood)
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(429)
      expect(refused.json).toMatchObject({ error: expect.stringContaining('from you') })
    }
  })

  it("a URL the flooder waits for: another user asking it is answered at his own turn, not the flooder's", async () => {
    const rig = createRig({ rateLimit: true, server: { readModel: false } })
    await aliceSends(rig, 50)
    // 45 s on, alice's next request waits for her own oldest slot (about 16 s more).
    await vi.advanceTimersByTimeAsync(44_000)
    const hers = rig.call('alice', '/get-external-contacts')
    await vi.advanceTimersByTimeAsync(1000)
    const his = await within(rig.call('bob', '/get-external-contacts'), 1000)
    expect(his).toMatchObject({ status: 200 })
    // alice takes the same answer: one call upstream for both.
    expect(await within(hers, 0)).toMatchObject({ status: 200 })
    expect(upstreamTo(rig, '/get-external-contacts')).toHaveLength(1)
  })

  it("one user's 60 call-status reads of unknown calls count toward their own share: refusals are theirs, another user's read goes", async () => {
    const rig = createRig({ rateLimit: true, server: { readModel: false } })
    const uuids = Array.from({ length: 60 }, (_, i) => `call-${String(i).padStart(4, '0')}`)
    const flood = uuids.map((uuid) => rig.call('admin', `/get-audiocall-call-status-api?call_uuid=${uuid}`))
    await vi.advanceTimersByTimeAsync(1000)
    const inbound = rig.mock.control.injectInbound({ from: '+14155550197', lineId: MESSAGING, message: 'hi' })
    const read = await within(rig.call('bob', `/get-message-api/${inbound.message_handle}`), 1000)
    expect(read).toMatchObject({ status: 200 })
    const answers = await Promise.all(flood)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    for (const answer of refused) expect(answer.json).toMatchObject({ error: expect.stringContaining('from you') })
    // budgetStore.ts, fairShare: a user alone uses at most 50 of the 60.
    expect(upstreamTo(rig, '/get-audiocall-call-status-api').length).toBeLessThanOrEqual(50)
  })
})
