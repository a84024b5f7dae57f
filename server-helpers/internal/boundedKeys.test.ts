import { describe, expect, it } from 'vitest'
import { createKeylessKeys, KEYLESS_PER_USER, KEYLESS_USERS } from './boundedKeys'

const HOUR = 60 * 60 * 1000

describe('the keys of keyless sends', () => {
  it('one key per user, destination and content for the window, then a new one', () => {
    const keys = createKeylessKeys(HOUR)
    const first = keys.keyFor('alice', '+14155550142', 'hi', 0)
    expect(keys.keyFor('alice', '+14155550142', 'hi', HOUR - 1)).toBe(first)
    expect(keys.keyFor('bob', '+14155550142', 'hi', 1)).not.toBe(first)
    expect(keys.keyFor('alice', '+14155550142', 'hi', HOUR)).not.toBe(first)
  })

  it("3,000 sends of 60 KB from one user keep at most KEYLESS_PER_USER hashes, none of the text; another user's keys stay", () => {
    const keys = createKeylessKeys(HOUR)
    const bobs = keys.keyFor('bob', '+14155550143', 'thanks', 0)
    const text = 'x'.repeat(60 * 1024)
    for (let i = 0; i < 3000; i++) keys.keyFor('alice', '+14155550142', `${i}${text}`, i)
    expect(keys.size).toBe(KEYLESS_PER_USER + 1)
    expect(keys.keyFor('bob', '+14155550143', 'thanks', 3000)).toBe(bobs)
    // The newest of alice's are still replayed.
    const last = keys.keyFor('alice', '+14155550142', `2999${text}`, 3001)
    expect(keys.keyFor('alice', '+14155550142', `2999${text}`, 3002)).toBe(last)
  })

  it('past KEYLESS_USERS users, the one who sent least recently is forgotten', () => {
    const keys = createKeylessKeys(HOUR)
    for (let i = 0; i <= KEYLESS_USERS; i++) keys.keyFor(`user${i}`, '+14155550142', 'hi', i)
    expect(keys.size).toBe(KEYLESS_USERS)
  })
})
