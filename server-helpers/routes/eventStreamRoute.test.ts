import { afterEach, describe, expect, it, vi } from 'vitest'
import { countingBus } from '../../test/support/server/countingBus'
import { LINE_A, LINE_B, NUMBER_A, NUMBER_B } from '../../test/support/server/fakeUpstream'
import { hook, messagePayload, readFrames, req, ringing, setup } from '../../test/support/server/setup'

afterEach(() => vi.useRealTimers())

describe('events route', () => {
  it('streams only the events of the user lines, each with an id, after retry:', async () => {
    const { server } = setup()
    const controller = new AbortController()
    const response = await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toContain('no-cache')
    await server.handle(hook(messagePayload(NUMBER_B, 1)))
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(hook(messagePayload(NUMBER_A, 2)))
    await server.settled()
    const frames = await readFrames(response, (f) => f.some((x) => x.includes('event: message')))
    expect(frames[0]).toMatch(/^retry: 1000\n/)
    const events = frames.filter((f) => f.startsWith('id: '))
    expect(events).toHaveLength(1)
    const [idLine, eventLine, dataLine] = events[0]!.split('\n')
    expect(idLine).toMatch(/^id: \S+$/)
    expect(eventLine).toBe('event: message')
    expect(JSON.parse(dataLine!.slice('data: '.length))).toEqual({
      type: 'message',
      lineId: LINE_A,
      data: messagePayload(NUMBER_A, 2),
    })
    expect(frames.join('\n')).not.toContain(NUMBER_B)
  })

  it('fans one event out to 1,000 open streams', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { server } = setup({}, { maxStreamsPerUser: 1000 })
    const streams = await Promise.all(
      Array.from({ length: 1000 }, () => server.handle(req('/api/linekit/events', { user: 'alice' }))),
    )
    await server.handle(hook(messagePayload(NUMBER_A, 42)))
    await server.settled()
    const received = await Promise.all(streams.map((s) => readFrames(s, (f) => f.some((x) => x.startsWith('id: ')))))
    expect(received.every((frames) => frames.some((f) => f.includes('"messageId":42')))).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('stops holding events for a stream nobody reads once 1 MB piles up, and unsubscribes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const bus = countingBus()
    const { server } = setup({}, { eventBus: bus })
    // the server's own subscription learns calls' lines from the bus
    const streams = bus.subscribers()
    const response = await server.handle(req('/api/linekit/events', { user: 'alice' }))
    expect(response.status).toBe(200)
    const big = 'x'.repeat(100 * 1024)
    for (let i = 0; i < 9; i++) await bus.publish({ type: 'message', lineId: LINE_A, data: { big, i } } as never)
    expect(bus.subscribers()).toBe(streams + 1)
    for (let i = 9; i < 12; i++) await bus.publish({ type: 'message', lineId: LINE_A, data: { big, i } } as never)
    expect(bus.subscribers()).toBe(streams)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('requires a signed-in user', async () => {
    const { server } = setup()
    expect((await server.handle(req('/api/linekit/events'))).status).toBe(401)
  })

  it('sends heartbeat comments every heartbeatMs and stops them when the client leaves', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { server } = setup({}, { heartbeatMs: 15_000 })
    const controller = new AbortController()
    const response = await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(30_000)
    const frames = await readFrames(response, (f) => f.filter((x) => x === ': heartbeat').length >= 2)
    expect(frames.filter((x) => x === ': heartbeat')).toHaveLength(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('unsubscribes when the request is aborted', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const bus = countingBus()
    const { server } = setup({}, { eventBus: bus })
    // the server's own subscription learns calls' lines from the bus
    const streams = bus.subscribers()
    const controller = new AbortController()
    await server.handle(req('/api/linekit/events', { user: 'alice', signal: controller.signal }))
    expect(bus.subscribers()).toBe(streams + 1)
    controller.abort()
    expect(bus.subscribers()).toBe(streams)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('replays the buffered events after Last-Event-ID (header or query), still scoped to the user', async () => {
    const { server } = setup({}, { replayBufferSize: 3 })
    const ids: string[] = []
    server.bus.subscribe((event) => ids.push(event.id))
    for (let i = 1; i <= 5; i++) await server.handle(hook(messagePayload(i === 4 ? NUMBER_B : NUMBER_A, i)))
    await server.settled()
    expect(ids).toHaveLength(5)
    // the buffer holds events 3, 4, 5; resuming after 3 → 5 only for alice (4 is line B)
    const resumed = await server.handle(
      req('/api/linekit/events', { user: 'alice', headers: { 'last-event-id': ids[2]! } }),
    )
    const frames = await readFrames(resumed, (f) => f.some((x) => x.startsWith('id: ')))
    expect(frames.filter((x) => x.startsWith('id: '))).toEqual([expect.stringContaining(`id: ${ids[4]}\n`)])
    const viaQuery = await server.handle(
      req(`/api/linekit/events?lastEventId=${encodeURIComponent(ids[2]!)}`, { user: 'bob' }),
    )
    const bobFrames = await readFrames(viaQuery, (f) => f.some((x) => x.startsWith('id: ')))
    expect(bobFrames.filter((x) => x.startsWith('id: '))).toEqual([expect.stringContaining(`id: ${ids[3]}\n`)])
  })
})
