import { describe, expect, it } from 'vitest'
import { createLinekitClient, LinekitError } from 'linekit/api'
import { createRateGate } from './rateGate'
import { createSendEngine } from './sendEngine'
import { gateClient } from './wrapClient'
import { BASE, createBackend } from '../../test/support/renderWithBackend'
import { installMsw, msw, recordRequests } from '../../test/support/msw'

installMsw()

/** Gate time on the mock clock: sleeping moves the mock's rate-limit window, no wall time passes. */
function mockTime(backend: ReturnType<typeof createBackend>) {
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => backend.clock.now(),
    sleep: async (ms: number) => {
      sleeps.push(ms)
      backend.clock.advance(ms)
    },
  }
}

describe('gateClient', () => {
  it('gives a plain client: no marker on it, and gating it again returns it unchanged', () => {
    const raw = createLinekitClient({ baseUrl: BASE })
    const gated = gateClient(raw)
    expect(Object.getOwnPropertySymbols(gated)).toEqual([])
    const methods = Object.keys(raw).filter((name) => typeof raw[name as keyof typeof raw] === 'function')
    expect(Object.keys(gated).sort()).toEqual(methods.sort())
    expect(gateClient(gated)).toBe(gated)
    // One wrapper per client object.
    expect(gateClient(raw)).toBe(gated)
  })
})

describe('429 back-off through the real server handler', () => {
  // Reads the server neither answers from its model nor caches (the lines listing is cached).
  it('one 429 closes the shared gate: every later request waits Retry-After, so the burst gets no second 429', async () => {
    const backend = createBackend()
    backend.mock.control.updateSettings({ rateLimitPerMinute: 5 })
    msw.use(...backend.handlers)
    const requests = recordRequests()
    const time = mockTime(backend)
    const client = gateClient(createLinekitClient({ baseUrl: BASE }), {
      api: createRateGate(time),
      mint: createRateGate(time),
    })

    for (let i = 0; i < 5; i++) await client.listContacts()
    backend.clock.advance(10_000)
    const refused = await client.listContacts().catch((e: unknown) => e)
    expect(LinekitError.is(refused) && refused.status).toBe(429)
    const retryAfter = (refused as LinekitError).retryAfterSeconds!
    expect(retryAfter).toBeGreaterThan(0)

    // A burst of 5 from many components: all wait for the gate, none reaches the service early.
    const burst = await Promise.all(Array.from({ length: 5 }, () => client.listContacts()))
    expect(burst).toHaveLength(5)
    expect(time.sleeps[0]).toBe(retryAfter * 1000)
    const statuses = requests.responses.filter((r) => r.url.includes('/get-external-contacts')).map((r) => r.status)
    expect(statuses.filter((s) => s === 429)).toHaveLength(1)
    expect(statuses).toHaveLength(11)
    requests.stop()
  })

  it('a send that meets a 429 waits Retry-After, then goes out once with the same key', async () => {
    const backend = createBackend()
    backend.mock.control.updateSettings({ rateLimitPerMinute: 2 })
    msw.use(...backend.handlers)
    const requests = recordRequests()
    const time = mockTime(backend)
    const raw = createLinekitClient({ baseUrl: BASE })
    const client = gateClient(raw, { api: createRateGate(time), mint: createRateGate(time) })
    await client.listContacts()
    await client.listContacts()
    const engine = createSendEngine({ sleep: time.sleep, retry: { maxAttempts: 3 } })
    const { result } = engine.send(client, { phone: '+14155550124', message: 'after the wait' })
    const outcome = await result
    expect(outcome.ok).toBe(true)
    const sends = requests.to('/send-api-message')
    expect(sends).toHaveLength(2)
    const statuses = requests.responses.filter((r) => r.url.endsWith('/send-api-message')).map((r) => r.status)
    expect(statuses).toEqual([429, 200])
    // Waited exactly the Retry-After the service asked for (the gate saw the block was already served).
    expect(time.sleeps.length).toBeGreaterThanOrEqual(1)
    expect(time.sleeps[0]).toBeGreaterThanOrEqual(1000)
    expect(new Set(sends.map((s) => (s.body as { idempotencyKey: string }).idempotencyKey)).size).toBe(1)
    expect(backend.outboundTo('+14155550124', 'after the wait')).toHaveLength(1)
    requests.stop()
  })
})
