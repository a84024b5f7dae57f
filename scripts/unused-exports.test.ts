import { describe, expect, it } from 'vitest'
import { findUnusedExports } from './unused-exports.mjs'

describe('exports', () => {
  // The TypeScript program of the whole tree takes a while on a busy machine.
  it('nothing in src/, mocks/ or server-helpers/ is exported that no module imports (the entry points excepted)', () => {
    expect(findUnusedExports().map((u) => `${u.file}:${u.line} ${u.name}`)).toEqual([])
  }, 180_000)
})
