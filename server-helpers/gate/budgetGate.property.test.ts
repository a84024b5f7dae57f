/**
 * The scheduler's promise, for any mix: a user within their share of the key is never refused
 * and never waits behind another user's flood (answered at once, on a fake clock). Within their
 * share here: each working user asks at most 2 a minute, together within the sixth of the window
 * kept for users who are not flooding (budgetStore.ts, fairShare); the flooder asks whatever it
 * likes, reads and actions mixed, beside the server's background work.
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

const flood = fc.record({
  at: fc.integer({ min: 0, max: 3 * WINDOW }),
  size: fc.integer({ min: 1, max: 150 }),
  priority: fc.constantFrom(...priorities),
})
// Working user `u`'s asks: at most 2 in any window (one every half window at least).
const worker = fc.array(fc.tuple(fc.integer({ min: 30_000, max: 90_000 }), fc.constantFrom(...priorities)), {
  maxLength: 6,
})

describe('the budget gate, for any mix of users and floods', () => {
  it('a user within their share is never refused and never waits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(flood, { minLength: 1, maxLength: 4 }),
        fc.array(worker, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 * WINDOW }), { maxLength: 10 }),
        async (floods, workers, background) => {
          vi.setSystemTime(0)
          const gate = createBudgetGate({
            store: createMemoryBudgetStore({ windowMs: WINDOW }),
            limit: 60,
            maxQueue: 20,
          })
          const asks: Ask[] = []
          for (const f of floods)
            for (let i = 0; i < f.size; i++) asks.push({ at: f.at, user: 'flooder', priority: f.priority })
          workers.forEach((gaps, u) => {
            let at = u * 1000
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
          await vi.advanceTimersByTimeAsync(2 * WINDOW)
          for (const { ask, answeredAt, refused } of outcomes) {
            if (!ask.user.startsWith('worker')) continue
            expect(refused, `${ask.user} at ${ask.at} refused`).toBeUndefined()
            expect(answeredAt, `${ask.user} at ${ask.at} waited`).toBe(ask.at)
          }
        },
      ),
      { numRuns: 40, seed: 36 },
    )
  })
})
