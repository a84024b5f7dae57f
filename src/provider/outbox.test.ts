import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBrowserOutbox, type KeptSend } from './outbox'

const KEY = 'linekit:outbox:test'
const kept = (n: number, message = `message ${n}`): KeptSend => ({
  idempotencyKey: `lk-${n}`,
  body: { phone: '+14155550124', message, idempotencyKey: `lk-${n}` },
  createdAt: new Date(Date.UTC(2026, 2, 3, 10, 0, n)).toISOString(),
})

beforeEach(() => localStorage.removeItem(KEY))
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
    localStorage.setItem(KEY, JSON.stringify([kept(1), { idempotencyKey: 'lk-x' }, 'junk']))
    expect(outbox.load().map((s) => s.idempotencyKey)).toEqual(['lk-1'])
  })
})
