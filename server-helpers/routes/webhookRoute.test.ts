import { describe, expect, it } from 'vitest'
import type { EventBus } from '../eventBus'
import { createMemoryEventBus } from '../eventBus'
import { createMemoryModelStore } from '../model/memoryModelStore'
import { createReadModel } from '../model/createReadModel'
import type { ModelStore } from '../model/modelTypes'
import {
  LINE_A,
  LINE_B,
  LINE_C,
  NUMBER_A,
  NUMBER_B,
  NUMBER_C,
  jsonResponse,
} from '../../test/support/server/fakeUpstream'
import { SECRET, hook, messagePayload, recordBus, ringing, setup } from '../../test/support/server/setup'

describe('webhook route', () => {
  it('answers 404 to a wrong secret and publishes nothing', async () => {
    const { server } = setup()
    const seen = recordBus(server.bus)
    for (const secret of ['nope', `${SECRET}x`, SECRET.slice(0, -1), '']) {
      expect((await server.handle(hook(messagePayload(NUMBER_A), secret))).status).toBe(404)
    }
    await server.settled()
    expect(seen).toHaveLength(0)
  })

  it('is off with webhookSecret: false', async () => {
    const { server } = setup({}, { webhookSecret: false })
    expect((await server.handle(hook(messagePayload(NUMBER_A), 'undefined'))).status).toBe(404)
  })

  it('publishes a message event, with the line id mapped from the number, before it acknowledges the delivery', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const inner = createMemoryEventBus()
    const published: unknown[] = []
    let publishing = 0
    const bus: EventBus = {
      ...inner,
      async publish(event) {
        publishing += 1
        await gate
        published.push(event)
        await inner.publish(event)
      },
    }
    const { server } = setup({}, { eventBus: bus })
    const payload = messagePayload(NUMBER_B)
    let answered = false
    const answer = server.handle(hook(payload)).finally(() => (answered = true))
    while (publishing === 0) await new Promise((resolve) => setTimeout(resolve, 5))
    // The publish is held: the service has no answer yet (an acknowledged event is never lost).
    expect(answered).toBe(false)
    release()
    expect((await answer).status).toBe(200)
    expect(published).toEqual([{ type: 'message', lineId: LINE_B, data: payload }])
  })

  it('accepts the CRM variant and uses the lineNumbers option over the listing', async () => {
    const { server } = setup(
      { 'GET /get-lines': () => jsonResponse([]) },
      { lineNumbers: { '+1 (415) 555-0103': LINE_C } },
    )
    const seen = recordBus(server.bus)
    const crm = {
      ...messagePayload(NUMBER_C),
      contactPhoneNumber: '+14155550999',
      dateReceived: '2026-01-01T00:00:00Z',
      crmContactId: 5,
      crmContactIdText: '5',
    }
    expect((await server.handle(hook(crm))).status).toBe(200)
    await server.settled()
    expect(seen[0]).toMatchObject({ type: 'message', lineId: LINE_C, data: { crmContactId: 5 } })
  })

  it("a starting instance waits for its model's store before looking a line's number up", async () => {
    // What another instance learned (a line's number) reaches this one with the store's open().
    const NUMBER = '+14155550177'
    const shared = createMemoryModelStore()
    const earlier = createReadModel({ store: shared })
    await earlier.learnLineNumber(NUMBER, LINE_C)
    await shared.checkpoint()
    let open: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => (open = resolve))
    const store: ModelStore = { ...shared, open: async (target) => (await loaded, shared.open(target)) }
    const { server, upstream } = setup({}, { readModel: { store, reconciler: false } })
    let ready = false
    void server.ready().then(() => (ready = true))
    const seen = recordBus(server.bus)
    expect((await server.handle(hook(messagePayload(NUMBER)))).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // ready() (a deployment's readiness check) waits for the same load.
    expect(ready).toBe(false)
    open()
    await server.ready()
    await server.settled()
    expect(seen[0]).toMatchObject({ type: 'message', lineId: LINE_C })
    // No line was probed upstream for a number the model knew.
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(0)
  })

  it('logs and acknowledges malformed payloads, never a 5xx', async () => {
    const { server, logger } = setup({}, { maxBodyBytes: 2000 })
    const seen = recordBus(server.bus)
    for (const body of [
      '{not json',
      '[]',
      { hello: 'world' },
      { ...ringing(LINE_A), call_uuid: 5 },
      { event: 'audiocall.inbound.exploded' },
      'x'.repeat(5000),
    ]) {
      const response = await server.handle(hook(body))
      expect(response.status).toBe(200)
    }
    await server.settled()
    expect(seen).toHaveLength(0)
    expect(logger.warn).toHaveBeenCalledTimes(6)
  })

  it("keeps an audio-call event's claim minutes, not a day (claim keys would fill Redis)", async () => {
    const inner = createMemoryEventBus()
    const ttls: number[] = []
    const bus: EventBus = { ...inner, claim: (key, ttl) => (ttls.push(ttl), inner.claim!(key, ttl)) }
    const { server } = setup({}, { eventBus: bus })
    expect((await server.handle(hook(ringing(LINE_B)))).status).toBe(200)
    expect(ttls).toHaveLength(1)
    expect(ttls[0]).toBeLessThanOrEqual(15 * 60_000)
  })

  it('de-duplicates audio-call events by call_uuid and event', async () => {
    const { server } = setup()
    const seen = recordBus(server.bus)
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(hook(ringing(LINE_B)))
    await server.handle(
      hook({ ...ringing(LINE_B), event: 'audiocall.inbound.answered', answeredAt: '2026-01-01T00:00:05Z' }),
    )
    await server.handle(hook(ringing(LINE_B, 'call-2')))
    await server.settled()
    expect(seen.map((e) => `${e.type}:${(e.data as { call_uuid: string }).call_uuid}`)).toEqual([
      'audiocall.inbound.ringing:call-1',
      'audiocall.inbound.answered:call-1',
      'audiocall.inbound.ringing:call-2',
    ])
    expect(seen[0]?.lineId).toBe(LINE_B)
  })
})
