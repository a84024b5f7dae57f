import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Priority } from './budgetGate'
import { createBudgetGate, GateFullError } from './budgetGate'
import { createMemoryBudgetStore } from './budgetStore'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 }))
afterEach(() => vi.useRealTimers())

/** A gate of `limit` per minute on fake time, and a log of who got a slot in which order. */
function gateOf(limit: number, maxQueue = 10, maxWaitMs = 600_000) {
  const gate = createBudgetGate({
    store: createMemoryBudgetStore({ windowMs: 60_000 }),
    limit,
    maxQueue,
    maxWaitMs,
    reserve: { read: 0, background: 0 },
  })
  const order: string[] = []
  const take = (name: string, priority: Priority, signal?: AbortSignal, user?: string) =>
    gate.acquire(priority, signal, user).then(
      () => void order.push(name),
      (error: unknown) => {
        order.push(`${name}:${error instanceof GateFullError ? `full ${error.retryAfterSeconds}` : 'left'}`)
      },
    )
  return { gate, order, take }
}

describe('the budget gate', () => {
  it('lets at most `limit` through in any window, then one per freed slot', async () => {
    const { order, take } = gateOf(2)
    void take('a', 'read')
    void take('b', 'read')
    void take('c', 'read')
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['a', 'b'])
    await vi.advanceTimersByTimeAsync(59_999)
    expect(order).toEqual(['a', 'b'])
    await vi.advanceTimersByTimeAsync(1)
    expect(order).toEqual(['a', 'b', 'c'])
  })

  it('sends an action queued behind reads first; background work is refused at once, never queued', async () => {
    const { order, take } = gateOf(1)
    void take('first', 'read')
    await vi.advanceTimersByTimeAsync(0)
    void take('read-1', 'read')
    void take('read-2', 'read')
    void take('send', 'action')
    void take('background', 'background')
    await vi.advanceTimersByTimeAsync(0)
    // No room: the background caller hears it now and tries again later; it holds no place.
    expect(order).toEqual(['first', expect.stringMatching(/^background:full \d+$/)])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(order.slice(2)).toEqual(['send'])
    await vi.advanceTimersByTimeAsync(120_000)
    expect(order.slice(2)).toEqual(['send', 'read-1', 'read-2'])
    // With room and nobody waiting, background work goes.
    await vi.advanceTimersByTimeAsync(60_000)
    void take('background-2', 'background')
    await vi.advanceTimersByTimeAsync(0)
    expect(order.at(-1)).toBe('background-2')
  })

  it("keeps slots for user actions: background work stops at the server's share, short of the limit", async () => {
    const gate = createBudgetGate({ store: createMemoryBudgetStore(), limit: 10, maxQueue: 10 })
    let background = 0
    for (let i = 0; i < 10; i++)
      void gate.acquire('background').then(
        () => background++,
        () => undefined,
      )
    await vi.advanceTimersByTimeAsync(0)
    // budgetStore.ts, fairShare: the reconciler is one user, 10 - ceil(10 / 6) alone.
    expect(background).toBe(8)
    let actions = 0
    for (let i = 0; i < 2; i++) void gate.acquire('action', undefined, `user${i}`).then(() => actions++)
    await vi.advanceTimersByTimeAsync(0)
    expect(actions).toBe(2)
  })

  it("is not starved by a user's flood: background work within the server's share takes a slot the flood left", async () => {
    const gate = createBudgetGate({ store: createMemoryBudgetStore(), limit: 60, maxQueue: 100 })
    let flood = 0
    for (let i = 0; i < 70; i++)
      void gate.acquire('action', undefined, 'alice').then(
        () => flood++,
        () => undefined,
      )
    await vi.advanceTimersByTimeAsync(0)
    // Alone past the background ceiling (60 - 30 %): the old rule refused background work here.
    expect(flood).toBe(50)
    await expect(gate.acquire('background')).resolves.toBeUndefined()
  })

  it('refuses past maxQueue with a Retry-After, the newest lowest-priority waiter making room for an action', async () => {
    const { order, take } = gateOf(1, 2)
    void take('first', 'read')
    await vi.advanceTimersByTimeAsync(0)
    void take('read-1', 'read')
    void take('read-2', 'read')
    void take('read-3', 'read')
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['first', 'read-3:full 180'])
    void take('send', 'action')
    await vi.advanceTimersByTimeAsync(0)
    // read-2 gave its place to the send (and hears 429); the send goes out first.
    expect(order.at(-1)).toMatch(/^read-2:full \d+$/)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(order.at(-1)).toBe('send')
  })

  it("pauses everyone for the service's Retry-After, even with room in the window", async () => {
    const { gate, order, take } = gateOf(60)
    await gate.pause(12)
    void take('a', 'action')
    void take('b', 'read')
    await vi.advanceTimersByTimeAsync(11_999)
    expect(order).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(order).toEqual(['a', 'b'])
  })

  it('refuses at once a request that would wait longer than maxWaitMs, and ends queued waits past it', async () => {
    const { gate, order, take } = gateOf(2, 10, 20_000)
    await gate.pause(30)
    void take('late', 'action')
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['late:full 30'])
    await vi.advanceTimersByTimeAsync(30_000)
    void take('a', 'read')
    void take('b', 'read')
    await vi.advanceTimersByTimeAsync(0)
    // The window is spent for a minute: asked now, c would wait 60 s.
    void take('c', 'read')
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual(['late:full 30', 'a', 'b', 'c:full 60'])
    // Queued behind a short pause, d waits; past maxWaitMs it hears 429.
    await vi.advanceTimersByTimeAsync(60_000)
    await gate.pause(5)
    void take('d', 'read')
    void take('e', 'read')
    void take('f', 'read')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(order.slice(4)).toEqual(['d', 'e', expect.stringMatching(/^f:full \d+$/)])
  })

  it('drops a waiter whose caller left', async () => {
    const { order, take } = gateOf(1)
    void take('first', 'read')
    const left = new AbortController()
    void take('gone', 'read', left.signal)
    void take('next', 'read')
    await vi.advanceTimersByTimeAsync(0)
    left.abort()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(order).toEqual(['first', 'gone:left', 'next'])
  })

  it("keeps a sixth of the window free from a user alone: the next users' requests go at once, the flood hears its own 429", async () => {
    const { order, take } = gateOf(10, 10, 20_000)
    for (let i = 0; i < 12; i++) void take(`a${i}`, 'action', undefined, 'alice')
    await vi.advanceTimersByTimeAsync(2000)
    // budgetStore.ts, fairShare: 10 - ceil(10 / 6) for one user. The rest would wait a minute for alice's own slots: refused now.
    expect(order.filter((o) => !o.includes(':'))).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'])
    expect(order.filter((o) => o.includes(':'))).toHaveLength(4)
    expect(order.filter((o) => o.includes(':')).every((o) => /^a\d+:full (5[89]|60)$/.test(o))).toBe(true)
    // Each next user may hold half the free sixth (budgetStore.ts, keptPerUser): here 1 of 2.
    void take('b0', 'action', undefined, 'bob')
    void take('c0', 'action', undefined, 'carol')
    await vi.advanceTimersByTimeAsync(0)
    expect(order.slice(-2)).toEqual(['b0', 'c0'])
  })

  it('keeps the free sixth from a second flood that starts while the first fills the window: the next users still go at once', async () => {
    const { order, take } = gateOf(60, 20, 20_000)
    for (let i = 0; i < 60; i++) void take(`a${i}`, 'action', undefined, 'alice')
    for (let i = 0; i < 60; i++) void take(`b${i}`, 'action', undefined, 'bob')
    await vi.advanceTimersByTimeAsync(1000)
    // Alice alone holds 50 (budgetStore.ts, fairShare); bob, within his share, takes half the
    // free sixth (keptPerUser) and waits for the rest, past maxWaitMs: refused, his own 429s.
    const served = order.filter((o) => !o.includes(':'))
    expect(served.filter((o) => o.startsWith('a'))).toHaveLength(50)
    expect(served.filter((o) => o.startsWith('b'))).toEqual(['b0', 'b1', 'b2', 'b3', 'b4'])
    expect(order.filter((o) => o.startsWith('b') && o.includes(':'))).toHaveLength(55)
    // The next users, all at once: the 5 slots still free are theirs.
    for (const user of ['carol', 'dave']) for (const n of [1, 2]) void take(`${user}${n}`, 'read', undefined, user)
    void take('erin1', 'action', undefined, 'erin')
    await vi.advanceTimersByTimeAsync(0)
    expect(order.slice(-5)).toEqual(['carol1', 'carol2', 'dave1', 'dave2', 'erin1'])
  })

  it('serves waiting users round-robin; holding their share, a user waits for their own slots however empty the window', async () => {
    const { order, take } = gateOf(60, 100)
    // The server's own calls (no user) spend the window for a minute.
    for (let i = 0; i < 60; i++) void take(`own${i}`, 'action')
    await vi.advanceTimersByTimeAsync(1000)
    for (let i = 1; i <= 55; i++) void take(`a${i}`, 'read', undefined, 'alice')
    for (let i = 1; i <= 3; i++) void take(`b${i}`, 'read', undefined, 'bob')
    await vi.advanceTimersByTimeAsync(59_000)
    const served = order.slice(60)
    // Round-robin while both wait: alice (she came first), bob, alice, …
    expect(served.slice(0, 6)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3'])
    await vi.advanceTimersByTimeAsync(40_000)
    // Then alice alone, up to her share ((60 - 10) / 2 = 25), though the window holds only 28
    // of 60: bob's share is his whenever he asks within the minute.
    expect(order.filter((o) => o.startsWith('a'))).toEqual(Array.from({ length: 25 }, (_, i) => `a${i + 1}`))
    void take('c1', 'read', undefined, 'carol')
    await vi.advanceTimersByTimeAsync(0)
    expect(order.at(-1)).toBe('c1')
    // Her next goes when her first slot leaves the window, a minute after it was taken.
    await vi.advanceTimersByTimeAsync(19_000)
    expect(order).not.toContain('a26')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(order).toContain('a26')
  })

  it("makes room in a full queue from the user with the most waiting, never from another user's request", async () => {
    const { order, take } = gateOf(1, 3)
    void take('own', 'action')
    await vi.advanceTimersByTimeAsync(0)
    void take('a1', 'action', undefined, 'alice')
    void take('a2', 'action', undefined, 'alice')
    void take('a3', 'action', undefined, 'alice')
    void take('b1', 'read', undefined, 'bob')
    await vi.advanceTimersByTimeAsync(0)
    // alice's newest gives bob's read its place; alice's next newcomer is refused, bob stays.
    expect(order.slice(1)).toEqual([expect.stringMatching(/^a3:full \d+$/)])
    void take('a4', 'action', undefined, 'alice')
    await vi.advanceTimersByTimeAsync(0)
    expect(order.slice(2)).toEqual([expect.stringMatching(/^a4:full \d+$/)])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(order.slice(3)).toEqual(['a1'])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(order.slice(3)).toEqual(['a1', 'b1'])
  })
})
