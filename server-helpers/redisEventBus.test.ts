import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedisServer, redisServer } from '../test/support/redisServer'
import type { RedisServer } from '../test/support/redisServer'
import { createLinekitServer } from './createLinekitServer'
import type { LinekitEvent } from './eventBus'
import { createRedisEventBus } from './redisEventBus'
import type { RedisEventBus } from './redisEventBus'
import { KEY, LINE_A, LINE_B, NUMBER_A, fakeUpstream } from '../test/support/server/fakeUpstream'

let server: RedisServer | undefined
let port = 0
const clients: Redis[] = []
const buses: RedisEventBus[] = []

function client(): Redis {
  const redis = new Redis({ host: '127.0.0.1', port, lazyConnect: false, maxRetriesPerRequest: 3 })
  clients.push(redis)
  return redis
}

function bus(keyPrefix: string, replayBufferSize = 1000): RedisEventBus {
  const created = createRedisEventBus({ redis: client(), keyPrefix, replayBufferSize })
  buses.push(created)
  return created
}

async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

const message = (n: number, linePhoneNumber = NUMBER_A) => ({
  message: `m${n}`,
  destination: '+14155550999',
  receivedAt: '2026-01-01T00:00:00Z',
  direction: 'inbound',
  messageId: n,
  guid: `g${n}`,
  linePhoneNumber,
})

beforeAll(async () => {
  if (!hasRedisServer) return
  server = await redisServer()
  await server.start()
  port = server.port
})

afterAll(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()))
  for (const c of clients.splice(0)) c.disconnect()
  await server?.stop()
})

describe.skipIf(!hasRedisServer)('createRedisEventBus against a real redis-server', () => {
  it('fans an event out to another instance with the stream id as event id', async () => {
    const a = bus('fanout')
    const b = bus('fanout')
    const seen: LinekitEvent[] = []
    b.subscribe((event) => seen.push(event))
    await b.ready()
    await a.publish({ type: 'message', lineId: LINE_A, data: { n: 1 } } as never)
    await eventually(() => seen.length === 1)
    expect(seen[0]).toMatchObject({ type: 'message', lineId: LINE_A, data: { n: 1 } } as never)
    expect(seen[0]!.id).toMatch(/^\d+-\d+$/)
  })

  it('delivers what this instance publishes right after subscribe(), before SUBSCRIBE completes, once and in order', async () => {
    const a = bus('gapless')
    const b = bus('gapless')
    const seen: number[] = []
    // No await between subscribe() and publish(): the subscription is not live yet; the
    // stream tip read at subscribe() time makes the replay cover the gap.
    b.subscribe((event) => seen.push((event.data as unknown as { n: number }).n))
    for (let n = 1; n <= 20; n++) await b.publish({ type: 'message', lineId: LINE_A, data: { n } } as never)
    await eventually(() => seen.length >= 20)
    await a.publish({ type: 'message', lineId: LINE_A, data: { n: 21 } } as never)
    await eventually(() => seen.length >= 21)
    expect(seen).toEqual(Array.from({ length: 21 }, (_, i) => i + 1))
  })

  it.each(['before', 'after'])(
    'delivers what another instance publishes after subscribe(), though Redis ran it before the tip read (heard live %s the tip’s answer)',
    async (when) => {
      // On a busy machine Redis may run another connection's PUBLISH before this connection's
      // tip read, though it was sent later: hold the tip read until those events were published.
      const redis = client()
      const subscriber = client()
      const readTip = redis.xrevrange.bind(redis) as (...args: unknown[]) => Promise<unknown>
      let releaseTip = () => {}
      const tipHeld = new Promise<void>((resolve) => (releaseTip = resolve))
      // Live messages reach the bus when `when` says: before the tip's answer, or just after it.
      const held: unknown[][] = []
      let holdLive = false
      const emit = subscriber.emit.bind(subscriber)
      Object.assign(subscriber, {
        emit: (name: string, ...args: unknown[]) =>
          name === 'message' && holdLive ? (held.push([name, ...args]), true) : emit(name, ...args),
      })
      Object.assign(redis, {
        xrevrange: async (...args: unknown[]) => {
          await tipHeld
          const tip = await readTip(...args)
          setImmediate(() => {
            holdLive = false
            for (const [name, ...rest] of held.splice(0)) emit(name as string, ...rest)
          })
          return tip
        },
      })
      const b = createRedisEventBus({ redis, subscriber, keyPrefix: `tiplate-${when}` })
      buses.push(b)
      const a = bus(`tiplate-${when}`)
      await Promise.all([a.ready(), b.ready()])
      let heardLive = 0
      subscriber.on('message', () => heardLive++)
      await a.publish({ type: 'message', lineId: LINE_A, data: { n: 0 } } as never)
      await eventually(() => heardLive + held.length >= 1)
      const seen: number[] = []
      holdLive = when === 'after'
      b.subscribe((event) => seen.push((event.data as unknown as { n: number }).n))
      for (let n = 1; n <= 3; n++) await a.publish({ type: 'message', lineId: LINE_A, data: { n } } as never)
      await eventually(() => heardLive + held.length >= 4)
      releaseTip()
      await eventually(() => seen.length >= 3)
      await a.publish({ type: 'message', lineId: LINE_A, data: { n: 4 } } as never)
      await eventually(() => seen.length >= 4)
      // Published before subscribe() (n = 0): not delivered; after it: each once, in order.
      expect(seen).toEqual([1, 2, 3, 4])
    },
  )

  it('replays after Last-Event-ID from the stream, then continues live without duplicates', async () => {
    const a = bus('replay')
    const ids: string[] = []
    a.subscribe((event) => ids.push(event.id))
    await a.ready()
    for (let n = 1; n <= 5; n++) await a.publish({ type: 'message', lineId: LINE_A, data: { n } } as never)
    await eventually(() => ids.length === 5)
    const b = bus('replay')
    const seen: number[] = []
    b.subscribe((event) => seen.push((event.data as unknown as { n: number }).n), { lastEventId: ids[1] })
    await eventually(() => seen.length === 3)
    await a.publish({ type: 'message', lineId: LINE_A, data: { n: 6 } } as never)
    await eventually(() => seen.length === 4)
    expect(seen).toEqual([3, 4, 5, 6])
    // an id that is not a stream id replays nothing
    const c = bus('replay')
    const none: number[] = []
    c.subscribe((event) => none.push((event.data as unknown as { n: number }).n), { lastEventId: 'abc-1' })
    await c.ready()
    await a.publish({ type: 'message', lineId: LINE_A, data: { n: 7 } } as never)
    await eventually(() => none.length === 1)
    expect(none).toEqual([7])
  })

  it('holds at most replayBufferSize live events while a replay is read, the oldest dropped first', async () => {
    const a = bus('held', 10)
    await a.ready()
    const first: string[] = []
    a.subscribe((event) => first.push(event.id))
    await a.publish({ type: 'message', lineId: LINE_A, data: { n: 0 } } as never)
    await eventually(() => first.length === 1)
    // The replay's read hangs until released (and then finds the stream emptied, as a Redis that
    // lost it would), while 30 events arrive live.
    const redis = client()
    let release = () => undefined as void
    const released = new Promise<void>((resolve) => (release = resolve))
    redis.xrange = (async () => {
      await released
      return []
    }) as unknown as typeof redis.xrange
    // Its own subscriber connection, to know when all 30 have reached this instance.
    const subscriber = client()
    let heard = 0
    subscriber.on('message', () => (heard += 1))
    const b = createRedisEventBus({ redis, subscriber, keyPrefix: 'held', replayBufferSize: 10 })
    buses.push(b)
    const seen: number[] = []
    b.subscribe((event) => seen.push((event.data as unknown as { n: number }).n), { lastEventId: first[0] })
    await b.ready()
    for (let n = 1; n <= 30; n++) await a.publish({ type: 'message', lineId: LINE_A, data: { n } } as never)
    await eventually(() => first.length === 31 && heard === 30)
    release()
    // Of the 30 held live, only the newest 10 were kept.
    await eventually(() => seen.at(-1) === 30)
    expect(seen).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
  })

  it('caps the stream (XADD MAXLEN ~)', async () => {
    const a = bus('capped', 10)
    for (let n = 1; n <= 400; n++) await a.publish({ type: 'message', lineId: LINE_A, data: { n } } as never)
    const length = await client().xlen('capped:events')
    expect(length).toBeLessThan(400)
    expect(length).toBeGreaterThanOrEqual(10)
  })

  it('claims a key once across instances', async () => {
    const a = bus('claims')
    const b = bus('claims')
    expect(await a.claim!('call-1:audiocall.inbound.ringing', 60_000)).toBe(true)
    expect(await b.claim!('call-1:audiocall.inbound.ringing', 60_000)).toBe(false)
    expect(await b.claim!('call-1:audiocall.inbound.ended', 60_000)).toBe(true)
  })

  it('two linekit servers: a webhook received by one reaches an SSE client of the other, scoped to its lines', async () => {
    const make = (keyPrefix: string) =>
      createLinekitServer({
        apiKey: KEY,
        baseUrl: 'https://base.example',
        appUrl: 'https://app.example',
        webhookSecret: 'whsec_redis',
        fetch: fakeUpstream().fetch,
        eventBus: bus(keyPrefix),
        logger: { warn: () => undefined, error: () => undefined },
        authorize: async (request) => ({ userId: 'u', lineIds: [request.headers.get('x-line') ?? ''] }),
      })
    const one = make('two-servers')
    const two = make('two-servers')
    await (two.bus as RedisEventBus).ready()
    const sse = await two.handle(
      new Request('http://app.example/api/linekit/events', { headers: { 'x-line': LINE_A } }),
    )
    const reader = sse.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const hook = (body: unknown) =>
      one.handle(
        new Request('http://app.example/api/linekit/webhooks/whsec_redis', {
          method: 'POST',
          body: JSON.stringify(body),
        }),
      )
    expect((await hook(message(1, '+14155550102'))).status).toBe(200) // line B: not for this client
    expect((await hook(message(2))).status).toBe(200)
    await one.settled()
    while (!text.includes('"m2"')) text += (await reader.read()).value ?? ''
    await reader.cancel()
    expect(text).not.toContain('"m1"')
    expect(text).toMatch(/id: \d+-\d+\nevent: message\n/)
    expect(text).toContain(`"lineId":"${LINE_A}"`)
    void LINE_B
  })
})
