/**
 * The read model inside linekit/server (attachReadModel.ts), over the mock service: the reconciler
 * reads through the budget gate, the proxy answers the messages list from the model once it
 * covers it (no upstream call), every read stays within the user's lines, and a message whose
 * webhook was lost reaches the browsers of its line as a `message.record` frame.
 */
import { describe, expect, it } from 'vitest'
import { seedLines } from 'linekit/mocks'
import { createServiceChain } from '../stories/support/serviceChain'
import type { EventBus, LinekitEvent } from './eventBus'
import { createMemoryEventBus } from './eventBus'
import { createMemoryModelStore } from './model/memoryModelStore'
import type { ModelStore } from './model/modelTypes'

const MAIN = seedLines.main.lineId
const MESSAGING = seedLines.messaging.lineId
const CUSTOMER = '+14155550124'
const users: Record<string, string[]> = { alice: [MAIN], bob: [MESSAGING] }
const SECRET = 'webhook-secret'

async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

/**
 * Lists until one list is answered without an upstream call: the reconciler's read has been
 * applied to the model (a store write takes as long as the machine needs, so this waits for it).
 */
async function untilFromModel(upstream: string[], list: () => Promise<Response>): Promise<void> {
  for (;;) {
    const before = upstream.length
    expect((await list()).status).toBe(200)
    if (upstream.length === before) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

function setup(reconciler: { messagesEveryMs?: number; soonMs?: number } = {}, store?: ModelStore) {
  const upstream: string[] = []
  const { mock, server, addWebhook } = createServiceChain({
    account: 'production',
    prefix: '/api/linekit',
    webhookSecret: SECRET,
    server: {
      fetch: (request) => {
        upstream.push(new URL(request.url).pathname)
        return mock.fetch(request)
      },
      logger: { warn: () => undefined, error: () => undefined },
      authorize: async (request) => {
        const name = request.headers.get('x-user') ?? ''
        return users[name] ? { userId: name, lineIds: users[name]! } : null
      },
      readModel: {
        reconciler: { tickMs: 5, messagesEveryMs: 20, callLogsEveryMs: 60_000, ...reconciler },
        ...(store ? { store } : {}),
      },
    },
  })
  mock.control.updateSettings({ rateLimitPerMinute: 0 })
  const read = (user: string, query: string) =>
    server.handle(
      new Request(`http://app.local/api/linekit/get-messages-api?${query}`, { headers: { 'x-user': user } }),
    )
  const events: LinekitEvent[] = []
  server.bus.subscribe((event) => events.push(event))
  return { mock, server, upstream, read, events, addWebhook }
}

describe('the read model in linekit/server', () => {
  it('answers the messages list from the model once the reconciler covered it, within the user lines', async () => {
    const { mock, upstream, read } = setup()
    mock.control.injectInbound({ from: CUSTOMER, message: 'for alice', lineId: MAIN })
    mock.control.injectInbound({ from: CUSTOMER, message: 'for bob', lineId: MESSAGING })
    // The reconciler's first reads (background priority) fill the model.
    await eventually(() => upstream.filter((p) => p === '/get-messages-api').length >= 1)
    let body: { data: { content: string; line_id: string }[] } = { data: [] }
    await eventually(() => {
      void read('alice', `pb_line_id=${MAIN}`).then(async (r) => (body = await r.json()))
      return body.data.some((m) => m.content === 'for alice')
    })
    const before = upstream.length
    const fromModel = await (await read('alice', `pb_line_id=${MAIN}&limit=20`)).json()
    expect(upstream.length).toBe(before)
    expect(fromModel.data.map((m: { content: string }) => m.content)).toContain('for alice')
    expect(fromModel.data.every((m: { line_id: string }) => m.line_id === MAIN)).toBe(true)
    // Another user's line is refused before the model is asked; their own list has only theirs.
    expect((await read('bob', `pb_line_id=${MAIN}`)).status).toBe(403)
    const bobs = await (await read('bob', '')).json()
    expect(bobs.data.every((m: { line_id: string }) => m.line_id === MESSAGING)).toBe(true)
  })

  it("reads call logs upstream again after a user's own call, which no webhook announces", async () => {
    const { server, upstream } = setup()
    const as = (path: string, json?: unknown) =>
      server.handle(
        new Request(`http://app.local/api/linekit/${path}`, {
          method: json === undefined ? 'GET' : 'POST',
          headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
          ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        }),
      )
    const logReads = () => upstream.filter((p) => p === '/get-call-logs-api').length
    // The reconciler lists the newest call logs once; the proxy then answers from the model.
    await eventually(() => logReads() >= 1)
    await untilFromModel(upstream, () => as(`get-call-logs-api?pb_line_id=${MAIN}`))
    const before = logReads()

    const start = await as('start-audiocall-call-api', { pb_line_id: MAIN, phone_number: CUSTOMER })
    expect(start.status).toBe(200)
    const { call_uuid } = (await start.json()) as { call_uuid: string }
    expect((await as('end-audiocall-call-api', { call_uuid })).status).toBe(200)

    const after = await as(`get-call-logs-api?pb_line_id=${MAIN}`)
    expect(logReads()).toBe(before + 1)
    const logs = (await after.json()) as { data: { to_number: string }[] }
    expect(logs.data.some((log) => log.to_number === CUSTOMER)).toBe(true)
  })

  it("a message event's thread read finds the message: the model records the webhook before it is announced", async () => {
    // A store that takes a while to apply, as Redis does (a round trip, then the stream's read).
    const inner = createMemoryModelStore()
    const store: ModelStore = {
      ...inner,
      submit: async (op) => (await new Promise((resolve) => setTimeout(resolve, 20)), inner.submit(op)),
    }
    const { mock, server, upstream, read, addWebhook } = setup({ messagesEveryMs: 60_000, soonMs: 60_000 }, store)
    addWebhook()
    // The reconciler's first read covers the model; after it, the list is answered from the model.
    await eventually(() => upstream.includes('/get-messages-api'))
    await untilFromModel(upstream, () => read('alice', `pb_line_id=${MAIN}`))
    const reads = upstream.length
    // What a browser does on the event (a webhook carries no handle): read its thread again.
    const onEvent: Promise<string[]>[] = []
    server.bus.subscribe((event) => {
      if (event.type !== 'message') return
      const body = read('alice', `pb_line_id=${MAIN}`).then((r) => r.json() as Promise<{ data: { content: string }[] }>)
      onEvent.push(body.then((b) => b.data.map((m) => m.content)))
    })
    mock.control.injectInbound({ from: CUSTOMER, message: 'on screen with its event', lineId: MAIN })
    await eventually(() => onEvent.length > 0)
    expect(await onEvent[0]).toContain('on screen with its event')
    expect(upstream.length).toBe(reads)
  })

  it('announces a message whose webhook was lost, on its line, as message.record', async () => {
    const { mock, events } = setup()
    mock.control.injectInbound({ from: CUSTOMER, message: 'no webhook came', lineId: MAIN })
    await eventually(() => events.some((e) => e.type === 'message.record'))
    const announced = events.find((e) => e.type === 'message.record')!
    expect(announced.lineId).toBe(MAIN.toLowerCase())
    expect(announced.data).toMatchObject({ content: 'no webhook came', line_id: MAIN })
  })

  it('keeps the claim to announce a listed record only while the record is news (claim keys would fill Redis)', async () => {
    const inner = createMemoryEventBus()
    const ttls: number[] = []
    const bus: EventBus = { ...inner, claim: (key, ttl) => (ttls.push(ttl), inner.claim!(key, ttl)) }
    const { mock, server } = createServiceChain({
      account: 'production',
      prefix: '/api/linekit',
      server: {
        eventBus: bus,
        logger: { warn: () => undefined, error: () => undefined },
        readModel: { reconciler: { tickMs: 5, messagesEveryMs: 20, callLogsEveryMs: 60_000 } },
      },
    })
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    const events: LinekitEvent[] = []
    server.bus.subscribe((event) => events.push(event))
    mock.control.injectInbound({ from: CUSTOMER, message: 'claimed briefly', lineId: MAIN })
    await eventually(() => events.some((e) => e.type === 'message.record'))
    expect(ttls.length).toBeGreaterThan(0)
    expect(Math.max(...ttls)).toBeLessThanOrEqual(15 * 60_000)
    await server.close()
  })

  it("a user's group send shows in no one-to-one thread; the group's record comes with the listing", async () => {
    // The listing comes only when asked for (soon after a send or a webhook), not before.
    const { server, mock, upstream } = setup({ messagesEveryMs: 60_000, soonMs: 300 })
    await eventually(() => upstream.includes('/get-messages-api'))
    const post = (path: string, json: unknown) =>
      server.handle(
        new Request(`http://app.local/api/linekit/${path}`, {
          method: 'POST',
          headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
          body: JSON.stringify(json),
        }),
      )
    mock.control.updateSettings({ groupCreatingMs: 0 })
    const participants = [CUSTOMER, '+14155550146']
    const sent = await post('send-group-message', { numbers: participants, message: 'lunch?', lineId: MAIN })
    expect(sent.status).toBe(200)
    // spec: Message webhook payload — one outbound webhook per participant, `destination` its number.
    for (const [i, destination] of participants.entries()) {
      const hook = await post(`webhooks/${SECRET}`, {
        message: 'lunch?',
        destination,
        receivedAt: new Date().toISOString(),
        direction: 'outbound',
        messageId: 9000 + i,
        guid: `group-hook-${i}`,
        linePhoneNumber: seedLines.main.phoneNumber,
      })
      expect(hook.status).toBe(200)
    }
    type Listed = { data: { content: string; to_number: string }[] }
    const list = async () =>
      (await (
        await server.handle(
          new Request(`http://app.local/api/linekit/get-messages-api?pb_line_id=${MAIN}&limit=50`, {
            headers: { 'x-user': 'alice' },
          }),
        )
      ).json()) as Listed
    const inOneToOne = (body: Listed) =>
      body.data.filter((m) => m.content === 'lunch?' && participants.includes(m.to_number))
    // Before the listing: not in a one-to-one thread (spec: Message record — `to_number` begins `chat`).
    expect(inOneToOne(await list())).toEqual([])
    let seen: Listed = { data: [] }
    await eventually(() => {
      void list().then((body) => (seen = body))
      expect(inOneToOne(seen)).toEqual([])
      return seen.data.some((m) => m.content === 'lunch?')
    })
    expect(seen.data.filter((m) => m.content === 'lunch?').map((m) => m.to_number.slice(0, 4))).toEqual(['chat'])
  })

  it('a send listed before it was delivered: its delivered record is announced at a later read', async () => {
    // Listed soon after the send, before its delivery; delivered at a later read. The delivery
    // waits for the test to move the mock's clock, so a busy machine cannot list it delivered at once.
    const { server, mock, upstream, events } = setup({ messagesEveryMs: 400, soonMs: 50 })
    mock.control.updateSettings({ deliveryMs: 60_000 })
    await eventually(() => upstream.includes('/get-messages-api'))
    const sent = await server.handle(
      new Request('http://app.local/api/linekit/send-api-message', {
        method: 'POST',
        headers: { 'x-user': 'alice', 'x-linekit-csrf': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ phone: CUSTOMER, message: 'on its way', lineId: MAIN }),
      }),
    )
    expect(sent.status).toBe(200)
    const announced = (status: string) =>
      events.some((e) => e.type === 'message.record' && e.data.content === 'on its way' && e.data.status === status)
    await eventually(() =>
      events.some(
        (e) => e.type === 'message.record' && e.data.content === 'on its way' && e.data.status !== 'delivered',
      ),
    )
    mock.control.advanceClock(60_000)
    await eventually(() => announced('delivered'))
    expect(events.filter((e) => e.type === 'message.record' && e.data.content === 'on its way').length).toBeGreaterThan(
      1,
    )
  })
})
