import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBrowserOutbox, type KeptSend } from './outbox'

const KEY = 'linekit:outbox:test'
const kept = (n: number, message = `message ${n}`): KeptSend => ({
  kind: 'message',
  idempotencyKey: `lk-${n}`,
  body: { phone: '+14155550124', message, idempotencyKey: `lk-${n}` },
  createdAt: new Date(Date.UTC(2026, 2, 3, 10, 0, n)).toISOString(),
})

const keptGroup = (n: number): KeptSend => ({
  kind: 'group',
  idempotencyKey: `lk-g${n}`,
  body: { numbers: ['+14155550124', '+14155550125'], message: `group ${n}`, idempotencyKey: `lk-g${n}` },
  createdAt: new Date(Date.UTC(2026, 2, 3, 10, 1, n)).toISOString(),
})
const keptReaction = (n: number): KeptSend => ({
  kind: 'reaction',
  idempotencyKey: `lk-r${n}`,
  body: { messageHandle: `pbm_${n}`, reaction: 'love' },
  createdAt: new Date(Date.UTC(2026, 2, 3, 10, 2, n)).toISOString(),
})

beforeEach(() => {
  localStorage.removeItem(KEY)
  localStorage.removeItem(`${KEY}:v1`)
})
afterEach(() => vi.restoreAllMocks())

describe('the browser outbox', () => {
  it('keeps sends in typed order, updates one in place and forgets it', () => {
    const outbox = createBrowserOutbox(KEY)
    expect(outbox.put(kept(1))).toBe(true)
    expect(outbox.put(kept(2))).toBe(true)
    expect(outbox.put({ ...kept(1), failed: { status: 400, code: 'invalid_request', message: 'no' } })).toBe(true)
    expect(outbox.load().map((s) => [s.idempotencyKey, s.failed?.status])).toEqual([
      ['lk-1', 400],
      ['lk-2', undefined],
    ])
    outbox.remove('lk-1')
    expect(
      createBrowserOutbox(KEY)
        .load()
        .map((s) => s.idempotencyKey),
    ).toEqual(['lk-2'])
    outbox.remove('lk-2')
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it('is bounded: past the count or the size a send is not kept, and the earlier ones stay', () => {
    const byCount = createBrowserOutbox(KEY, { maxSends: 2 })
    expect([byCount.put(kept(1)), byCount.put(kept(2)), byCount.put(kept(3))]).toEqual([true, true, false])
    expect(byCount.load().map((s) => s.idempotencyKey)).toEqual(['lk-1', 'lk-2'])
    localStorage.removeItem(KEY)
    const bySize = createBrowserOutbox(KEY, { maxChars: 400 })
    expect(bySize.put(kept(1))).toBe(true)
    expect(bySize.put(kept(2, 'x'.repeat(400)))).toBe(false)
    expect(bySize.load().map((s) => s.idempotencyKey)).toEqual(['lk-1'])
  })

  it('survives a full storage, and ignores what it cannot read', () => {
    const outbox = createBrowserOutbox(KEY)
    outbox.put(kept(1))
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    expect(outbox.put(kept(2))).toBe(false)
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1'])
    vi.restoreAllMocks()
    localStorage.setItem(KEY, '{not json')
    expect(outbox.load()).toEqual([])
    localStorage.setItem(KEY, JSON.stringify({ version: 2, sends: [kept(1), { idempotencyKey: 'lk-x' }, 'junk'] }))
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1'])
  })

  it('keeps group sends and reactions beside 1:1 sends, in one list in typed order, in one versioned format', () => {
    const outbox = createBrowserOutbox(KEY)
    expect([outbox.put(kept(1)), outbox.put(keptGroup(1)), outbox.put(keptReaction(1))]).toEqual([true, true, true])
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { version: number; sends: KeptSend[] }
    expect(stored.version).toBe(2)
    expect(stored.sends.map((s) => [s.kind, s.idempotencyKey])).toEqual([
      ['message', 'lk-1'],
      ['group', 'lk-g1'],
      ['reaction', 'lk-r1'],
    ])
    // Read back by another tab (or after a reload) as they were.
    expect(createBrowserOutbox(KEY).load()).toEqual([kept(1), keptGroup(1), keptReaction(1)])
    outbox.remove('lk-g1')
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1', 'lk-r1'])
  })

  it('takes version 1 entries (a bare array of 1:1 sends) as 1:1 sends and moves them on the next write', () => {
    const v1 = [kept(1), kept(2)].map((s) => {
      const old: Record<string, unknown> = { ...s }
      delete old.kind
      return old
    })
    localStorage.setItem(`${KEY}:v1`, JSON.stringify(v1))
    const outbox = createBrowserOutbox(KEY)
    expect(outbox.load()).toEqual([kept(1), kept(2)])
    expect(outbox.put(keptGroup(1))).toBe(true)
    expect(localStorage.getItem(`${KEY}:v1`)).toBeNull()
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1', 'lk-2', 'lk-g1'])
    // A tab of the older version keeps writing version 1 meanwhile: its sends are not lost.
    localStorage.setItem(
      `${KEY}:v1`,
      JSON.stringify([
        v1[1],
        { ...v1[0], idempotencyKey: 'lk-3', body: { phone: '+14155550124', idempotencyKey: 'lk-3' } },
      ]),
    )
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1', 'lk-2', 'lk-g1', 'lk-3'])
    outbox.remove('lk-1')
    outbox.remove('lk-2')
    outbox.remove('lk-g1')
    outbox.remove('lk-3')
    expect(localStorage.getItem(KEY)).toBeNull()
    expect(localStorage.getItem(`${KEY}:v1`)).toBeNull()
  })

  it('leaves a newer version alone, and ignores entries it cannot read of any kind', () => {
    const newer = JSON.stringify({ version: 3, sends: [{ kind: 'poll', idempotencyKey: 'lk-9' }] })
    localStorage.setItem(KEY, newer)
    const outbox = createBrowserOutbox(KEY)
    expect(outbox.load()).toEqual([])
    expect(outbox.put(kept(1))).toBe(false)
    outbox.remove('lk-9')
    expect(localStorage.getItem(KEY)).toBe(newer)

    localStorage.setItem(
      KEY,
      JSON.stringify({
        version: 2,
        sends: [
          keptGroup(1),
          { ...keptGroup(2), body: { numbers: 'not a list', idempotencyKey: 'lk-g2' } },
          { ...keptGroup(3), body: { numbers: ['+14155550124'], idempotencyKey: 'another key' } },
          { ...keptReaction(1), body: { reaction: 'love' } },
          keptReaction(2),
          { ...kept(4), kind: 'poll' },
        ],
      }),
    )
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-g1', 'lk-r2'])
  })

  it('bounds every kind together by the same caps', () => {
    const outbox = createBrowserOutbox(KEY, { maxSends: 2 })
    expect([outbox.put(kept(1)), outbox.put(keptReaction(1)), outbox.put(keptGroup(1))]).toEqual([true, true, false])
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1', 'lk-r1'])
  })
})
