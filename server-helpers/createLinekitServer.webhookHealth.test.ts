/**
 * A webhook the service disabled (spec: Events 3 — after 20 consecutive failures, silently) is
 * noticed: the reader lists inbound messages no webhook announced, the server logs it once and
 * shows it on `GET <prefix>/health` (and `health()`), and says when deliveries resume (a new
 * webhook: the contract offers no way to re-enable one). In process, over the mock service, whose
 * webhook really is disabled by 20 failed deliveries.
 */
import { describe, expect, it } from 'vitest'
import { seedLines } from 'linekit/mocks'
import { createServiceChain } from '../stories/support/serviceChain'
import type { LinekitEvent } from './eventBus'

const MAIN = seedLines.main.lineId
const CUSTOMER = '+14155550124'
const SECRET = 'whsec_health_0123456789'

async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('a webhook the service disabled', () => {
  it('is noticed from the messages the reader lists, logged, shown by the health route, and its return is seen', async () => {
    const clock = { offset: 0 }
    const logs: { level: string; message: string }[] = []
    const { mock, server, addWebhook } = createServiceChain({
      account: 'production',
      prefix: '/api/linekit',
      webhookSecret: SECRET,
      server: {
        now: () => Date.now() + clock.offset,
        logger: {
          warn: (message) => logs.push({ level: 'warn', message }),
          error: (message) => logs.push({ level: 'error', message }),
        },
        readModel: { reconciler: { tickMs: 5, messagesEveryMs: 20, callLogsEveryMs: 0 } },
      },
    })
    mock.control.updateSettings({ rateLimitPerMinute: 0 })
    const events: LinekitEvent[] = []
    server.bus.subscribe((event) => events.push(event))
    const listed = (content: string) =>
      events.some((e) => e.type === 'message.record' && (e.data as { content?: string }).content === content)
    // Every instance down: each delivery fails until `down` is false.
    let down = false
    mock.control.webhooks.setSender(async (url, body) => {
      if (down) return { status: 503 }
      const response = await server.handle(
        new Request(`http://app.local${new URL(url).pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      return { status: response.status }
    })
    addWebhook()
    mock.control.injectInbound({ from: CUSTOMER, message: 'delivered', lineId: MAIN })
    await eventually(() => listed('delivered'))
    expect(server.health!().webhooks.state).toBe('delivering')

    down = true
    for (let i = 0; i < 20; i++)
      mock.control.injectInbound({ from: CUSTOMER, message: `while down ${i}`, lineId: MAIN })
    await eventually(() => mock.control.webhooks.list().every((hook) => !hook.enabled))
    mock.control.injectInbound({ from: CUSTOMER, message: 'after the disable', lineId: MAIN })
    await eventually(() => listed('after the disable'))
    // Time for a delivery on its way to arrive (the instance's clock), then the verdict.
    clock.offset = 60_000
    const health = await server.handle(new Request('http://app.local/api/linekit/health'))
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({
      status: 'ready',
      webhooks: { state: 'not_delivering', unannounced: expect.any(Number) },
    })
    expect(server.health!().webhooks.counters.stoppedDetections).toBe(1)
    expect(logs.filter((l) => l.level === 'error' && l.message.includes('stopped delivering webhooks'))).toHaveLength(1)

    // The operator creates a new webhook (spec: Events — an existing one cannot be edited).
    down = false
    addWebhook()
    mock.control.injectInbound({ from: CUSTOMER, message: 'delivered again', lineId: MAIN })
    await eventually(() => server.health!().webhooks.state === 'delivering')
    expect(logs.some((l) => l.message === 'webhook deliveries resumed')).toBe(true)
    await server.close()
    expect((await server.handle(new Request('http://app.local/api/linekit/health'))).status).toBe(503)
  })
})
