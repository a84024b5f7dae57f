import { describe, expect, it } from 'vitest'
import { BoundedMap } from './boundedMap'

describe('BoundedMap', () => {
  it('keeps at most `capacity` entries, forgetting the oldest written; the newest still answer', () => {
    const map = new BoundedMap<string, number>(100)
    for (let i = 0; i < 150; i++) map.set(`k${i}`, i)
    expect(map.size).toBe(100)
    expect(map.get('k0')).toBeUndefined()
    expect(map.get('k49')).toBeUndefined()
    expect(map.get('k50')).toBe(50)
    expect(map.get('k149')).toBe(149)
    // Writing an entry again makes it the newest: the next one over the cap forgets another.
    map.set('k50', 50)
    map.set('k150', 150)
    expect(map.get('k50')).toBe(50)
    expect(map.get('k51')).toBeUndefined()
  })

  it('keeps at most `maxBytes` of sized values; a value over it alone is not kept', () => {
    const map = new BoundedMap<string, string>(1000, { maxBytes: 1000, sizeOf: (value) => value.length })
    for (let i = 0; i < 30; i++) map.set(`k${i}`, 'x'.repeat(100))
    expect(map.bytes).toBeLessThanOrEqual(1000)
    expect(map.size).toBe(10)
    expect(map.get('k29')).toHaveLength(100)
    map.set('huge', 'x'.repeat(1001))
    expect(map.get('huge')).toBeUndefined()
    expect(map.size).toBe(10)
  })

  it('keeps a long key as its hash, never the text: a 60 KB key costs what a short one does', () => {
    const map = new BoundedMap<string, number>(10)
    const long = 'x'.repeat(60 * 1024)
    map.set(long, 1)
    expect(map.get(long)).toBe(1)
    expect(map.get(`${long}y`)).toBeUndefined()
    map.delete(long)
    expect(map.size).toBe(0)
  })

  it('drops the oldest entries while they are stale, up to the first that is not', () => {
    const map = new BoundedMap<string, number>(10)
    for (const [key, until] of [
      ['a', 1],
      ['b', 2],
      ['c', 5],
      ['d', 3],
    ] as const)
      map.set(key, until)
    map.dropOldestWhile((until) => until <= 3)
    expect(map.size).toBe(2)
    expect(map.get('c')).toBe(5)
    expect(map.get('d')).toBe(3)
  })
})
