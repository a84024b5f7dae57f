import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPersistentMap } from './persistentMap'

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('createPersistentMap', () => {
  it('follows storage changed in this tab with no event (an app clearing storage at sign-out)', () => {
    const drafts = createPersistentMap<string>('test:drafts')
    drafts.set('+14155550124', 'Your parcel left the depot')
    expect(drafts.get('+14155550124')).toBe('Your parcel left the depot')
    localStorage.clear()
    expect(drafts.get('+14155550124')).toBeUndefined()
    expect(drafts.snapshot()).toEqual({})
  })

  it('keeps one snapshot object while nothing changes (a useSyncExternalStore snapshot)', () => {
    const marks = createPersistentMap<string>('test:marks')
    marks.set('a', '1')
    const first = marks.snapshot()
    expect(marks.snapshot()).toBe(first)
    marks.set('b', '2')
    expect(marks.snapshot()).not.toBe(first)
    expect(marks.snapshot()).toEqual({ a: '1', b: '2' })
  })

  it('holds a value for this tab when storage refuses it (full)', () => {
    const map = createPersistentMap<string>('test:full')
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    map.set('a', 'kept')
    expect(map.get('a')).toBe('kept')
  })
})
