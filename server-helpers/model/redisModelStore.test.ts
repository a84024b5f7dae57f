import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedisServer, redisServer } from '../../test/support/redisServer'
import type { RedisServer } from '../../test/support/redisServer'
import { createMockClock, createMockService, seedKeys, seedLines } from '../../mocks'
import type { MessageWebhook } from './modelTypes'
import { createReadModel } from './createReadModel'
import type { ReadModel } from './createReadModel'
import { createReconciler } from './reconciler'
import type { Reconciler } from './reconciler'
import { createRedisModelStore } from './redisModelStore'

const LINES = Object.values(seedLines).map((line) => line.lineId)
const BASE = 'https://api.example.test'
let server: RedisServer | undefined
let port = 0
const clients: Redis[] = []
const models: ReadModel[] = []
const reconcilers: Reconciler[] = []

function client(): Redis {
  const redis = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 3 })
  clients.push(redis)
  return redis
}

async function eventually(check: () => boolean): Promise<void> {
  const until = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

beforeAll(async () => {
  if (!hasRedisServer) return
  server = await redisServer()
  await server.start()
  port = server.port
})

afterAll(async () => {
  await Promise.all(reconcilers.splice(0).map((r) => r.stop()))
  await Promise.all(models.splice(0).map((m) => m.close()))
  for (const c of clients.splice(0)) c.disconnect()
  await server?.stop()
})

/** One shared mock service (manual clock), and instances of the backend over one Redis prefix. */
function deployment(keyPrefix: string) {
  const clock = createMockClock({ now: '2026-03-02T12:00:00Z' })
  const mock = createMockService({ clock })
  const calls: { instance: string; url: URL }[] = []
  const instance = (name: string, leaseMs = 400) => {
    const model = createReadModel({
      store: createRedisModelStore({ redis: client(), keyPrefix }),
      now: () => clock.now(),
    })
    models.push(model)
    const reconciler = createReconciler({
      model,
      baseUrl: BASE,
      leaseMs,
      holder: name,
      logger: { warn: () => undefined },
      upstream: async (request) => {
        calls.push({ instance: name, url: new URL(request.url) })
        const headers = new Headers(request.headers)
        headers.set('authorization', `Bearer ${seedKeys.production}`)
        return mock.fetch(new Request(request, { headers }))
      },
    })
    reconcilers.push(reconciler)
    return { model, reconciler }
  }
  return { clock, mock, calls, instance }
}

const hook = (n: number): MessageWebhook => ({
  message: `hello ${n}`,
  destination: '+14155550124',
  receivedAt: '2026-03-02T12:00:01.000Z',
  direction: 'inbound',
  messageId: n,
  guid: `guid-${n}`,
  linePhoneNumber: seedLines.main.phoneNumber,
})

describe.skipIf(!hasRedisServer)('the read model over a real redis-server', () => {
  it('every instance applies every operation: a webhook received by one is read from the other', async () => {
    const d = deployment('replicas')
    const a = d.instance('a')
    const b = d.instance('b')
    await Promise.all([a.model.ready(), b.model.ready()])
    await a.model.learnLineNumber(seedLines.main.phoneNumber, seedLines.main.lineId)
    const changes = await a.model.applyMessageWebhook(hook(1))
    expect(changes).toMatchObject([{ kind: 'message', provisional: true, lineId: seedLines.main.lineId }])
    await eventually(() => b.model.state.messages.all.length === 1)
    expect(b.model.lineIdForNumber(seedLines.main.phoneNumber)).toBe(seedLines.main.lineId)
    // The same webhook through the other instance: still one record everywhere.
    expect(await b.model.applyMessageWebhook(hook(1))).toEqual([])
    expect(a.model.state.messages.all).toHaveLength(1)
  })

  it('one reconciler leads; when it dies another takes over, and a clean stop hands over at once', async () => {
    const d = deployment('leader')
    const a = d.instance('a')
    const b = d.instance('b')
    await Promise.all([a.reconciler.runOnce(), b.reconciler.runOnce()])
    expect([a.reconciler.leading, b.reconciler.leading].filter(Boolean)).toHaveLength(1)
    const leader = a.reconciler.leading ? a : b
    const other = leader === a ? b : a
    const name = leader === a ? 'a' : 'b'
    expect(new Set(d.calls.map((c) => c.instance))).toEqual(new Set([name]))
    // The other instance's model holds what the leader read.
    await eventually(() => other.model.state.messages.all.length === 9)
    // The leader dies (stops renewing): after the lease's time to live the other one leads.
    await eventually(() => {
      void other.reconciler.runOnce()
      return other.reconciler.leading
    })
    await leader.reconciler.runOnce()
    expect(leader.reconciler.leading).toBe(false)
    // A clean stop releases the lease: the next tick of the other instance leads.
    await other.reconciler.stop()
    await leader.reconciler.runOnce()
    expect(leader.reconciler.leading).toBe(true)
  })

  it('after every instance restarts, the model is restored and the reconciler resumes from its cursor', async () => {
    const d = deployment('restart')
    const first = d.instance('first', 60_000)
    await first.reconciler.runOnce()
    await first.model.applyCallEvent({
      event: 'audiocall.inbound.ringing',
      call_uuid: 'call-1',
      direction: 'inbound',
      from: '+14155550199',
      pb_line_id: seedLines.main.lineId,
      linePhoneNumber: seedLines.main.phoneNumber,
      ringingAt: '2026-03-02T12:00:00.000Z',
      receivedAt: '2026-03-02T12:00:00.000Z',
    })
    const until = first.model.coverage()!.until
    await first.reconciler.stop()
    await first.model.close()
    d.clock.advance(600_000)
    d.mock.control.injectInbound({ from: '+14155550124', message: 'while everyone was down' })
    const second = d.instance('second', 60_000)
    await second.model.ready()
    expect(second.model.state.messages.all).toHaveLength(9)
    expect(second.model.lineIdForCall('call-1')).toBe(seedLines.main.lineId)
    const before = d.calls.length
    await second.reconciler.runOnce()
    const resumed = d.calls[before]!.url
    expect(resumed.searchParams.get('order_direction')).toBe('asc')
    expect(Date.parse(resumed.searchParams.get('created_at_gte')!)).toBe(Date.parse(until) - 120_000)
    const data = second.model.queryMessages({}, LINES)!.data
    expect(data.filter((m) => m.content === 'while everyone was down')).toHaveLength(1)
  })
})
