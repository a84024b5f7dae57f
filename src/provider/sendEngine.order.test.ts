/**
 * Order within a thread when a send fails for good: nothing typed after it goes out before it.
 * A 1:1 send that failed holds the later sends of its thread until it is retried (and accepted)
 * or discarded; other threads go on. A group send that failed for good fails the sends of its group
 * queued behind it, unsent. The client is scripted: the subject is the engine's order.
 */
import { describe, expect, it } from 'vitest'
import { LinekitError } from '../api/errors'
import type { GroupSendRequest, LinekitClient, ReactionRequest, SendMessageRequest } from '../api'
import { createSendEngine } from './sendEngine'
import type { KeptSend, Outbox } from './outbox'
import { groupLane, reactionLane } from './sendLanes'

// The service's own answer (its error body): a 5xx without one is the network's and waits for it.
const refuse = (status: number) =>
  new LinekitError({
    status,
    code: `http_${status}`,
    message: `refused ${status}`,
    retrySafe: status >= 500,
    body: { error: `refused ${status}` },
  })

/** A client that answers each send by `script(text)` (undefined: accepted) and records what went out. */
function scriptedClient(script: (text: string) => LinekitError | undefined) {
  const out: string[] = []
  const client = {
    sendMessage: async (body: SendMessageRequest) => {
      await Promise.resolve()
      const refusal = script(body.message ?? '')
      if (refusal) throw refusal
      out.push(body.message ?? '')
      return { success: true, status: 'done', message: 'sent', phone: body.phone }
    },
    sendGroupMessage: async (body: GroupSendRequest) => {
      await Promise.resolve()
      const refusal = script(body.message ?? '')
      if (refusal) throw refusal
      out.push(body.message ?? '')
      return { success: true, status: 'queued', recipients: body.numbers }
    },
  } as unknown as LinekitClient
  return { client, out }
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('a send that fails for good', () => {
  it('holds the later sends of its thread (not other threads) until it is retried; then all go in typed order', async () => {
    let down = true
    const { client, out } = scriptedClient((text) => (down && text === 'A' ? refuse(503) : undefined))
    const engine = createSendEngine({ sleep: async () => {}, retry: { maxAttempts: 2 } })
    const a = engine.send(client, { phone: '+14155550142', message: 'A' })
    engine.send(client, { phone: '+14155550142', message: 'B' })
    engine.send(client, { phone: '+1 (415) 555-0142', message: 'C' }) // the same thread, typed loosely
    const other = engine.send(client, { phone: '+14155550144', message: 'D' })
    expect(await a.result).toMatchObject({ ok: false, error: { status: 503 } })
    expect(await other.result).toMatchObject({ ok: true })
    await flush()
    const byText = (t: string) => engine.getSnapshot().find((m) => m.body.message === t)!
    expect(byText('A')).toMatchObject({ state: 'failed' })
    expect(byText('B')).toMatchObject({ state: 'pending', accepted: false, wait: { reason: 'held' } })
    expect(byText('C')).toMatchObject({ state: 'pending', accepted: false, wait: { reason: 'held' } })
    expect(out).toEqual(['D'])

    down = false
    const again = await engine.retry(a.localId)
    expect(again).toMatchObject({ ok: true })
    await flush()
    expect(out).toEqual(['D', 'A', 'B', 'C'])
    expect(engine.getSnapshot().every((m) => m.accepted && m.wait === undefined)).toBe(true)
  })

  it('a refused send (400) holds the next ones until it is discarded; then they go, in order', async () => {
    const { client, out } = scriptedClient((text) => (text === 'bad' ? refuse(400) : undefined))
    const engine = createSendEngine({ sleep: async () => {} })
    const bad = engine.send(client, { phone: '+14155550142', lineId: 'line-1', message: 'bad' })
    const next = engine.send(client, { phone: '+14155550142', lineId: 'line-1', message: 'next' })
    const last = engine.send(client, { phone: '+14155550142', lineId: 'line-1', message: 'last' })
    expect(await bad.result).toMatchObject({ ok: false, error: { status: 400 } })
    await flush()
    expect(out).toEqual([])
    engine.discard(bad.localId)
    expect(await next.result).toMatchObject({ ok: true })
    expect(await last.result).toMatchObject({ ok: true })
    expect(out).toEqual(['next', 'last'])
  })

  it('discarding a queued send resolves it as discarded and never sends it', async () => {
    const { client, out } = scriptedClient(() => undefined)
    const engine = createSendEngine({ sleep: async () => {} })
    const first = engine.send(client, { phone: '+14155550142', message: 'first' })
    const second = engine.send(client, { phone: '+14155550142', message: 'second' })
    expect(engine.getSnapshot().find((m) => m.localId === second.localId)?.wait).toEqual({ reason: 'queued' })
    engine.discard(second.localId)
    expect(await second.result).toMatchObject({ ok: false })
    expect(await first.result).toMatchObject({ ok: true })
    await flush()
    expect(out).toEqual(['first'])
  })
})

describe('group sends', () => {
  const numbers = ['+14155550144', '+14155550146']
  const lane = groupLane(numbers, undefined)

  it('one group is one thread whatever the order of its participants', () => {
    expect(groupLane(['+14155550146', '+1 415 555 0144'], undefined)).toBe(lane)
    expect(groupLane(numbers, 'line-1')).not.toBe(lane)
  })

  it('go one after another; one that fails for good fails those queued behind it, unsent, and later ones go', async () => {
    let down = true
    const { client, out } = scriptedClient((text) => (down && text === 'one' ? refuse(503) : undefined))
    const engine = createSendEngine({ sleep: async () => {}, retry: { maxAttempts: 2 } })
    const send = (message: string) => engine.inTurn(lane, client, () => client.sendGroupMessage({ numbers, message }))
    const results = await Promise.allSettled([send('one'), send('two'), send('three')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    const held = (results[1] as PromiseRejectedResult).reason as LinekitError
    expect(held).toMatchObject({ status: 503, retrySafe: true })
    expect(held.message).toMatch(/an earlier message of this thread was not sent/)
    expect(out).toEqual([])
    down = false
    await send('one')
    await send('two')
    expect(out).toEqual(['one', 'two'])
  })
})

describe('a send that meets a full budget', () => {
  it('waits out each 429 without counting it as a failed attempt, and goes once the budget has room', async () => {
    let refusals = 6
    const limited = () =>
      new LinekitError({
        status: 429,
        code: 'rate_limited',
        message: 'Too many requests',
        retryAfterSeconds: 20,
        retrySafe: true,
      })
    const { client, out } = scriptedClient((text) => (text === 'A' && refusals-- > 0 ? limited() : undefined))
    const waits: number[] = []
    const engine = createSendEngine({ sleep: async (ms) => void waits.push(ms), retry: { maxAttempts: 2 } })
    const a = engine.send(client, { phone: '+14155550142', message: 'A' })
    engine.send(client, { phone: '+14155550142', message: 'B' })
    expect(await a.result).toMatchObject({ ok: true })
    await flush()
    expect(out).toEqual(['A', 'B'])
    // Each wait is the 429's Retry-After.
    expect(waits).toEqual([20_000, 20_000, 20_000, 20_000, 20_000, 20_000])
  })
})

describe('sends kept across a reload', () => {
  /** An outbox in memory, standing for the browser's. */
  const memoryOutbox = () => {
    let sends: KeptSend[] = []
    const outbox: Outbox = {
      load: () => sends.map((s) => ({ ...s })),
      put: (send) => {
        sends = sends.some((s) => s.idempotencyKey === send.idempotencyKey)
          ? sends.map((s) => (s.idempotencyKey === send.idempotencyKey ? send : s))
          : [...sends, send]
        return true
      },
      remove: (key) => void (sends = sends.filter((s) => s.idempotencyKey !== key)),
    }
    return outbox
  }
  const offline = new LinekitError({ status: 0, code: 'network_error', message: 'offline', retrySafe: true })

  it('go again by themselves with their keys in typed order; one kept over an hour waits for the agent', async () => {
    const outbox = memoryOutbox()
    const clock = { now: Date.parse('2026-03-03T10:00:00Z') }
    const before = createSendEngine({ outbox, now: () => clock.now, sleep: () => new Promise(() => {}) })
    const down = scriptedClient(() => offline)
    for (const message of ['first', 'second']) void before.send(down.client, { phone: '+14155550124', message })
    void before.send(down.client, { phone: '+14155550137', message: 'other thread' })
    await flush()
    expect(outbox.load().map((s) => s.kind === 'message' && s.body.message)).toEqual([
      'first',
      'second',
      'other thread',
    ])
    const keys = outbox.load().map((s) => s.idempotencyKey)

    // The page reloads within the hour: a new engine takes them back and sends them.
    clock.now += 30 * 60_000
    const after = createSendEngine({ outbox, now: () => clock.now })
    const sent: string[] = []
    const up = scriptedClient(() => undefined)
    const client = {
      ...up.client,
      sendMessage: (body: SendMessageRequest) => {
        sent.push(body.idempotencyKey!)
        return up.client.sendMessage(body)
      },
    } as LinekitClient
    const release = after.restore(client)
    // Another provider of the page leaves them to the first.
    const other = createSendEngine({ outbox })
    other.restore(client)
    expect(other.getSnapshot()).toEqual([])
    await flush()
    // In typed order within a thread; threads go side by side.
    expect(up.out.filter((text) => text !== 'other thread')).toEqual(['first', 'second'])
    expect(up.out).toContain('other thread')
    expect([...sent].sort()).toEqual([...keys].sort())
    expect(after.getSnapshot().every((m) => m.accepted)).toBe(true)
    expect(outbox.load()).toEqual([])
    release()

    // Kept for longer than the hour: shown as Not sent, with its key, for the agent to retry or discard.
    void createSendEngine({ outbox, now: () => clock.now, sleep: () => new Promise(() => {}) }).send(down.client, {
      phone: '+14155550124',
      message: 'stale',
    })
    await flush()
    clock.now += 2 * 60 * 60_000
    const later = createSendEngine({ outbox, now: () => clock.now })
    later.restore(client)
    await flush()
    const [stale] = later.getSnapshot()
    expect(stale).toMatchObject({ state: 'failed', body: { message: 'stale' } })
    expect(up.out).not.toContain('stale')
    await later.retry(stale!.localId)
    expect(up.out).toContain('stale')
    expect(outbox.load()).toEqual([])
  })
  it('group sends and reactions too: in typed order, the group send with its key; a refusal ends one, Cancel drops one', async () => {
    const outbox = memoryOutbox()
    const clock = { now: Date.parse('2026-03-03T10:00:00Z') }
    const never = () => new Promise<void>(() => {})
    const numbers = ['+14155550124', '+14155550125']
    const lane = groupLane(numbers, undefined)
    const group = (message: string) => ({ numbers, message, idempotencyKey: `lk-${message}` })
    const love: ReactionRequest = { messageHandle: 'pbm_1', reaction: 'love' }
    const down = {
      sendGroupMessage: () => Promise.reject(offline),
      sendReaction: () => Promise.reject(offline),
    } as unknown as LinekitClient
    /** A page that makes `sends` while the network is down (its attempts never get through). */
    const offlinePage = (...sends: (string | ReactionRequest)[]) => {
      const page = createSendEngine({ outbox, now: () => clock.now, sleep: never })
      for (const send of sends) {
        const made =
          typeof send === 'string'
            ? page.inTurn(lane, down, () => down.sendGroupMessage(group(send)), undefined, {
                keepAs: { kind: 'group', body: group(send) },
              })
            : page.inTurn(reactionLane(send.messageHandle), down, () => down.sendReaction(send), undefined, {
                repeatable: true,
                keepAs: { kind: 'reaction', body: send },
              })
        made.catch(() => {})
      }
    }
    offlinePage('one', 'two', love)
    await flush()
    // The second waited behind the first: kept with it, after it.
    expect(outbox.load().map((s) => [s.kind, s.kind === 'reaction' ? s.body.reaction : s.idempotencyKey])).toEqual([
      ['group', 'lk-one'],
      ['group', 'lk-two'],
      ['reaction', 'love'],
    ])

    // The reload: a new engine takes them back and sends them by themselves.
    const sent: string[] = []
    const up = {
      sendGroupMessage: async (body: GroupSendRequest) => {
        await Promise.resolve()
        sent.push(`group ${body.idempotencyKey}`)
        return { success: true, status: 'queued' }
      },
      sendReaction: async (body: ReactionRequest) => {
        await Promise.resolve()
        sent.push(`reaction ${body.reaction}`)
        return { status: 'SENT', messageHandle: body.messageHandle, reaction: body.reaction, remove: false }
      },
    } as unknown as LinekitClient
    const after = createSendEngine({
      outbox,
      now: () => clock.now,
      onRestoredAccepted: (send) => send.kind === 'reaction',
    })
    const release = after.restore(up)
    expect(after.getRestored().map((r) => [r.kind, r.state])).toEqual([
      ['group', 'pending'],
      ['group', 'pending'],
      ['reaction', 'pending'],
    ])
    await flush()
    expect(sent.filter((s) => s.startsWith('group'))).toEqual(['group lk-one', 'group lk-two'])
    expect(sent.filter((s) => s.startsWith('reaction'))).toEqual(['reaction love'])
    // The group sends stay `sent` for their composer to empty its box; the reaction is done with.
    expect(after.getRestored().map((r) => [r.kind, r.state])).toEqual([
      ['group', 'sent'],
      ['group', 'sent'],
    ])
    expect(outbox.load()).toEqual([])
    release()

    // The service's refusal ends a restored send as failed, and it is not kept for another reload.
    offlinePage('refused')
    await flush()
    const refusing = {
      sendGroupMessage: () => Promise.reject(refuse(403)),
    } as unknown as LinekitClient
    const third = createSendEngine({ outbox, now: () => clock.now })
    third.restore(refusing)
    await flush()
    expect(third.getRestored()).toMatchObject([{ kind: 'group', state: 'failed', error: { status: 403 } }])
    expect(outbox.load()).toEqual([])

    // Still offline after the reload: it waits; let go for another engine it stays kept; Cancel drops it.
    offlinePage(love)
    await flush()
    const fourth = createSendEngine({ outbox, now: () => clock.now, sleep: never })
    const letGo = fourth.restore(down)
    await flush()
    expect(fourth.getRestored()).toMatchObject([{ kind: 'reaction', state: 'pending', wait: { reason: 'offline' } }])
    letGo()
    expect(fourth.getRestored()).toEqual([])
    // Taken back at once by the same engine (React's StrictMode runs the effect twice): it is there.
    const againLetGo = fourth.restore(down)
    await flush()
    expect(fourth.getRestored()).toMatchObject([{ kind: 'reaction', state: 'pending', wait: { reason: 'offline' } }])
    againLetGo()
    await flush()
    expect(fourth.getRestored()).toEqual([])
    expect(outbox.load()).toHaveLength(1)
    const fifth = createSendEngine({ outbox, now: () => clock.now, sleep: never })
    fifth.restore(down)
    await flush()
    fifth.cancelRestored(fifth.getRestored()[0]!.key)
    await flush()
    expect(fifth.getRestored()).toEqual([])
    expect(outbox.load()).toEqual([])

    // Kept longer than the hour: not sent by itself, shown as Not sent.
    offlinePage('stale')
    await flush()
    clock.now += 2 * 60 * 60_000
    const later = createSendEngine({ outbox, now: () => clock.now })
    sent.length = 0
    later.restore(up)
    await flush()
    expect(later.getRestored()).toMatchObject([{ kind: 'group', state: 'failed', error: { code: 'network_error' } }])
    expect(sent).toEqual([])
  })
})
