/**
 * Webhooks: the receiver answers 2xx to every valid delivery even when the event bus
 * throws, rejects, hangs or is slow, so the service's 20-failure auto-disable (spec: Events 3)
 * never trips because of us: 50 deliveries from the mock with a broken bus, then the mock's own
 * webhook record must still be enabled with zero consecutive failures. Also in-process through
 * the mock's sender and over real HTTP (standalone mock → Node adapter). And a bus that hangs on
 * one event must not swallow every later one.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitServer } from 'linekit/server'
import type { EventBus } from 'linekit/server'
import { createMemoryEventBus } from 'linekit/server'
import { seedContacts } from 'linekit/mocks'
import { startMockServer } from 'linekit/mocks/node'
import { MAIN, SECRET, collectSse, createRig, eventually, listenOverNode } from '../test/support/serverRig'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type BusMode = 'throws' | 'rejects' | 'hangs' | 'slow' | 'claim-throws'

/** A memory bus whose publish (and claim) misbehave as told; `healthy()` makes it work again. */
function brokenBus(mode: BusMode) {
  const inner = createMemoryEventBus()
  let broken = true
  let attempts = 0
  const bus: EventBus = {
    subscribe: (listener, options) => inner.subscribe(listener, options),
    async claim(key, ttl) {
      if (broken && mode === 'claim-throws') throw new Error('redis: connection is closed')
      return inner.claim!(key, ttl)
    },
    publish(event) {
      attempts += 1
      if (!broken) return inner.publish(event)
      if (mode === 'throws') throw new Error('bus down (sync)')
      if (mode === 'rejects') return Promise.reject(new Error('bus down'))
      if (mode === 'hangs') return new Promise<void>(() => undefined)
      if (mode === 'slow')
        return new Promise<void>((resolve) => setTimeout(resolve, 100)).then(() => inner.publish(event))
      return inner.publish(event)
    },
  }
  return { bus, healthy: () => (broken = false), attempts: () => attempts }
}

/** 50 webhook-worthy events on the main line: inbound messages, and calls ringing then ending. */
function fifty(control: ReturnType<typeof createRig>['mock']['control']) {
  for (let i = 0; i < 30; i++) control.injectInbound({ from: seedContacts.ava, message: `inbound ${i}`, lineId: MAIN })
  for (let i = 0; i < 10; i++) {
    const call = control.calls.inbound({ lineId: MAIN, from: `+1415555${String(2000 + i)}` })
    control.calls.end(call.call_uuid, 'no_answer')
  }
}

describe('the webhook receiver with a broken event bus', () => {
  it.each(['throws', 'rejects', 'hangs', 'slow', 'claim-throws'] as const)(
    'bus %s: 50 deliveries all 2xx, the mock webhook stays enabled with 0 failures',
    async (mode) => {
      const broken = brokenBus(mode)
      // A receiver that waited for a hung publish would wait this long, far past the service's
      // timeout below; a receiver that does not wait answers within it even on a busy machine.
      const rig = createRig({ server: { eventBus: broken.bus, publishTimeoutMs: 60_000 } })
      const { control } = rig.mock
      const hook = control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
      const statuses: number[] = []
      control.webhooks.setSender(async (url, body) => {
        // The service's timeout: a receiver slower than this is a failure.
        const response = await Promise.race([
          rig.server.handle(
            new Request(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
          ),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 10_000)),
        ])
        statuses.push(response.status)
        return { status: response.status }
      })
      fifty(control)
      const deliveries = await control.webhooks.deliveries({ webhookId: hook.id })
      expect(deliveries).toHaveLength(50)
      expect(deliveries.filter((d) => d.outcome !== 'success')).toEqual([])
      expect(statuses.every((s) => s >= 200 && s < 300)).toBe(true)
      const view = control.webhooks.list().find((w) => w.id === hook.id)!
      expect(view).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null })
      // A hung publish is released only after publishTimeoutMs; the others settle.
      if (mode !== 'hangs' && mode !== 'slow') await rig.server.settled()
      // The failures were logged, never thrown at the service.
      if (mode === 'throws' || mode === 'rejects' || mode === 'claim-throws')
        expect(rig.logs.some((l) => l.level === 'error')).toBe(true)
    },
  )

  it('a bus that hangs on one event does not swallow the later ones once it recovers', async () => {
    const inner = createMemoryEventBus()
    let hangNext = true
    const bus: EventBus = {
      subscribe: (listener, options) => inner.subscribe(listener, options),
      claim: (key, ttl) => inner.claim!(key, ttl),
      publish(event) {
        if (hangNext) {
          hangNext = false
          return new Promise<void>(() => undefined) // e.g. a command lost by a Redis failover
        }
        return inner.publish(event)
      },
    }
    const rig = createRig({ server: { eventBus: bus, publishTimeoutMs: 100 } })
    const abort = new AbortController()
    const stream = collectSse(await rig.server.handle(rig.request('alice', '/events', { signal: abort.signal })))
    cleanups.push(() => abort.abort(), stream.stop)
    const post = (message: string) =>
      rig.server.handle(
        new Request(`http://app.local/api/linekit/webhooks/${SECRET}`, {
          method: 'POST',
          body: JSON.stringify({
            message,
            destination: seedContacts.ava,
            receivedAt: '2026-03-02T12:00:00Z',
            direction: 'inbound',
            messageId: Math.floor(Math.random() * 1e9),
            guid: message,
            linePhoneNumber: '+14155550100',
          }),
        }),
      )
    expect((await post('lost to the hang')).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await post(`after ${i}`)).status).toBe(200)
    await eventually(() => stream.events().length >= 5)
    expect(stream.events().map((e) => e.data.data.message)).toEqual([
      'after 0',
      'after 1',
      'after 2',
      'after 3',
      'after 4',
    ])
  })

  it('over HTTP: the standalone mock POSTs 50 events to the Node adapter while the bus hangs; none fails', async () => {
    const mock = await startMockServer({ port: 0 })
    cleanups.push(() => mock.close())
    const broken = brokenBus('hangs')
    const server = createLinekitServer({
      apiKey: 'lk_mock_production',
      baseUrl: mock.url,
      appUrl: mock.url,
      webhookSecret: SECRET,
      eventBus: broken.bus,
      logger: { warn: () => undefined, error: () => undefined },
      authorize: async () => ({ userId: 'u', lineIds: [MAIN] }),
    })
    const { origin, close } = await listenOverNode(server)
    cleanups.push(close)
    const post = (path: string, body: unknown) =>
      fetch(`${mock.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const url = `${origin}/api/linekit/webhooks/${SECRET}`
    expect((await post('/__mock/webhooks', { url, audioCalls: true })).status).toBe(201)
    fifty(mock.service.control)
    const deliveries = (await (await fetch(`${mock.url}/__mock/webhooks/deliveries`)).json()) as
      { deliveries?: { outcome: string; status: number | null }[] } | { outcome: string; status: number | null }[]
    const list = Array.isArray(deliveries) ? deliveries : (deliveries.deliveries ?? [])
    expect(list).toHaveLength(50)
    expect(list.filter((d) => d.outcome !== 'success')).toEqual([])
    const view = mock.service.control.webhooks.list().find((w) => w.url === url)!
    expect(view).toMatchObject({ enabled: true, consecutiveFailures: 0 })
    expect(broken.attempts()).toBeGreaterThanOrEqual(1)
  })
})

describe('a mock reset while the server keeps running', () => {
  it('the next send is a new message in the read model, not a repeat of one from before the reset', async () => {
    const rig = createRig()
    const hook = () =>
      rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, outbound: true })
    const send = async (message: string) => {
      const response = await rig.call('alice', '/send-api-message', {
        body: { phone: seedContacts.ava, message, idempotencyKey: `key-${message}` },
      })
      expect(response.status).toBe(200)
      await rig.mock.control.webhooks.flush()
      await rig.server.settled()
    }
    const thread = async () => {
      const response = await rig.call(
        'alice',
        `/get-messages-api?direction=outbound&to_number=${encodeURIComponent(seedContacts.ava)}`,
      )
      return (response.json as { data: { message_handle: string; content: string }[] }).data
    }
    hook()
    await send('before the reset')
    const before = (await thread()).find((m) => m.content === 'before the reset')!
    expect(before).toBeDefined()
    rig.mock.control.reset()
    rig.mock.control.updateSettings({ rateLimitPerMinute: 0 })
    hook()
    await send('after the reset')
    const after = await thread()
    const fresh = after.find((m) => m.content === 'after the reset')
    expect(fresh).toBeDefined()
    expect(fresh!.message_handle).not.toBe(before.message_handle)
    // Each handle names one message: the one from before the reset still reads as it was.
    const read = await rig.call('alice', `/get-message-api/${fresh!.message_handle}`)
    expect((read.json as { content: string }).content).toBe('after the reset')
    expect(new Set(after.map((m) => m.message_handle)).size).toBe(after.length)
  })
})
