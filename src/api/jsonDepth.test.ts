import { describe, expect, it } from 'vitest'
import { jsonNestsDeeper, MAX_JSON_DEPTH } from './jsonDepth'

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

describe('the JSON nesting limit', () => {
  it('allows the limit and refuses one level more', () => {
    expect(jsonNestsDeeper(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonNestsDeeper(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonNestsDeeper(`[${'['.repeat(5000)}`)).toBe(true)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeper(JSON.stringify({ text: '{'.repeat(500), quote: '"[[[[\\"' }), 2)).toBe(false)
  })
})
