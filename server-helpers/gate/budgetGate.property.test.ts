/**
 * The scheduler's promise, for any mix: a user within their share of the key is never refused
 * and never waits behind another user's flood (answered at once, on a fake clock). Within their
 * share here: each working user asks at most 2 a minute; the flooders (one to three users, each
 * flood at its own pace, all at once or a request every few seconds, reads and actions mixed)
 * ask whatever they like, beside the server's background work. Each user (the server's background
 * work too) holds at most 5 slots of the sixth of the window kept free (10 of 60;
 * budgetStore.ts, keptPerUser); the flood that fills the window holds its own share. So within
 * their share are the working users the sixth has room for beside a second flood (5 slots) and
 * the server (5 at most, fewer when its work is spread out), each working user needing 2.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Priority } from './budgetGate'
import { createBudgetGate } from './budgetGate'
import { createMemoryBudgetStore } from './budgetStore'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 }))
afterEach(() => vi.useRealTimers())

const WINDOW = 60_000
const priorities: Priority[] = ['action', 'read']

interface Ask {
  at: number
  user: string
  priority: Priority | 'background'
}

// A flood by flooder `flooder` (of `flooders`): `size` requests, `every` ms apart (0: all at
// once), often starting with the working users' first asks (in the first seconds).
const flood = (flooders: number) =>
  fc.record({
    at: fc.oneof(fc.integer({ min: 0, max: 3 * WINDOW }), fc.constantFrom(0, 500, 1000, 2500)),
    size: fc.integer({ min: 1, max: 150 }),
    every: fc.constantFrom(0, 0, 10, 100, 500, 1000, 3000),
    flooder: fc.integer({ min: 0, max: flooders - 1 }),
    priority: fc.constantFrom(...priorities, 'mixed' as const),
  })
// Working user `u`'s asks: at most 2 in any window (one every half window at least).
const worker = fc.array(fc.tuple(fc.integer({ min: 30_000, max: 90_000 }), fc.constantFrom(...priorities)), {
  maxLength: 6,
})

type Flood = { at: number; size: number; every: number; flooder: number; priority: Priority | 'mixed' }

/**
 * Runs the asks on a fake clock: each flood, working user `u`'s asks (`gaps` apart, the first at
 * `start(u)`) and the server's background work at `background`; expects every working user's
 * ask answered at once.
 */
async function expectWorkersNeverWait(
  floods: Flood[],
  workers: [number, Priority][][],
  background: number[],
  start: (u: number) => number,
) {
  vi.setSystemTime(0)
  const gate = createBudgetGate({
    store: createMemoryBudgetStore({ windowMs: WINDOW }),
    limit: 60,
    maxQueue: 20,
  })
  const asks: Ask[] = []
  for (const f of floods)
    for (let i = 0; i < f.size; i++) {
      const priority = f.priority === 'mixed' ? (priorities[i % 2] as Priority) : f.priority
      asks.push({ at: f.at + i * f.every, user: `flooder${f.flooder}`, priority })
    }
  workers.forEach((gaps, u) => {
    let at = start(u)
    for (const [gap, priority] of gaps) {
      asks.push({ at, user: `worker${u}`, priority })
      at += gap
    }
  })
  for (const at of background) asks.push({ at, user: 'server', priority: 'background' })
  asks.sort((a, b) => a.at - b.at)

  const outcomes: { ask: Ask; answeredAt?: number; refused?: boolean }[] = []
  for (const ask of asks) {
    if (ask.at > Date.now()) await vi.advanceTimersByTimeAsync(ask.at - Date.now())
    const outcome: (typeof outcomes)[number] = { ask }
    outcomes.push(outcome)
    const user = ask.user === 'server' ? undefined : ask.user
    void gate.acquire(ask.priority, undefined, user).then(
      () => (outcome.answeredAt = Date.now()),
      () => (outcome.refused = true),
    )
  }
  await vi.advanceTimersByTimeAsync(4 * WINDOW)
  for (const { ask, answeredAt, refused } of outcomes) {
    if (!ask.user.startsWith('worker')) continue
    expect(refused, `${ask.user} at ${ask.at} refused`).toBeUndefined()
    expect(answeredAt, `${ask.user} at ${ask.at} waited`).toBe(ask.at)
  }
}

/** The server's most asks in any window. */
const mostInAWindow = (times: number[]) =>
  Math.max(0, ...times.map((at) => times.filter((b) => b >= at && b < at + WINDOW).length))

describe('the budget gate, for any mix of users and floods', () => {
  it('a user within their share is never refused and never waits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .integer({ min: 1, max: 2 })
          .chain((flooders) =>
            fc.tuple(
              fc.array(flood(flooders), { minLength: 1, maxLength: 6 }),
              fc.array(worker, { minLength: 1, maxLength: 4 }),
            ),
          ),
        fc.array(fc.integer({ min: 0, max: 3 * WINDOW }), { maxLength: 10 }),
        async ([floods, workers], background) => {
          // The sixth has room for them: 5 for a second flooder, the server's most asks in any
          // window (at most 5), 2 per working user.
          const flooders = new Set(floods.map((f) => f.flooder)).size
          fc.pre(5 * (flooders - 1) + Math.min(5, mostInAWindow(background)) + 2 * workers.length <= 10)
          await expectWorkersNeverWait(floods, workers, background, (u) => u * 1000)
        },
      ),
      { numRuns: 150, seed: 36 },
    )
  })

  it('a team at work (up to 20 users, each asking once or twice a minute) never waits for a flood that starts among them', async () => {
    // Each working user asks every 30–60 s, so they always hold a slot of the window once they
    // have asked: the flood's share is the floor's 10 among them, and 2 × 20 + 10 + the
    // server's 5 fit in the 60.
    const atWork = fc.array(fc.tuple(fc.integer({ min: 30_000, max: 60_000 }), fc.constantFrom(...priorities)), {
      minLength: 2,
      maxLength: 6,
    })
    await fc.assert(
      fc.asyncProperty(
        fc.array(atWork, { minLength: 1, maxLength: 20 }),
        flood(1),
        fc.array(fc.integer({ min: 0, max: 3 * WINDOW }), { maxLength: 10 }),
        async (workers, f, background) => {
          fc.pre(mostInAWindow(background) <= 5)
          // The flood starts once every working user has asked, at any pace, reads and actions.
          const floodAt = workers.length * 500 + f.at
          await expectWorkersNeverWait([{ ...f, at: floodAt }], workers, background, (u) => u * 500)
        },
      ),
      { numRuns: 100, seed: 36 },
    )
  })
})
