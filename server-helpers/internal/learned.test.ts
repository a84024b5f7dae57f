import { describe, expect, it } from 'vitest'
import { createLearned, LEARNED_FACTS } from './learned'

describe('learned facts', () => {
  it('keep at most LEARNED_FACTS calls, runs and numbers: the oldest are forgotten, the newest still answer', () => {
    const learned = createLearned(undefined)
    const extra = 50
    for (let i = 0; i < LEARNED_FACTS + extra; i++) {
      learned.learnCall(`call-${i}`, 'line-a')
      learned.learnRun(i, 'line-a')
      learned.learnNumber(`+1415${String(i).padStart(7, '0')}`, 'line-a')
    }
    for (let i = 0; i < extra; i++) {
      expect(learned.lineOfCall(`call-${i}`)).toBeNull()
      expect(learned.lineOfRun(i)).toBeNull()
      expect(learned.lineOfNumber(`+1415${String(i).padStart(7, '0')}`)).toBeNull()
    }
    const newest = LEARNED_FACTS + extra - 1
    expect(learned.lineOfCall(`call-${newest}`)).toBe('line-a')
    expect(learned.lineOfRun(newest)).toBe('line-a')
    expect(learned.lineOfNumber(`+1415${String(newest).padStart(7, '0')}`)).toBe('line-a')
  })

  it('learns a call whose id is 60 KB as its hash: the fact holds, the text is not kept', () => {
    const learned = createLearned(undefined)
    const long = 'c'.repeat(60 * 1024)
    expect(learned.learnCall(long, 'line-a')).toBe(true)
    expect(learned.lineOfCall(long)).toBe('line-a')
    expect(learned.learnCall(long, 'line-b')).toBe(false)
  })
})
