/**
 * The one seeded PRNG of the tests: the mock's own (mulberry32), so a failing run replays exactly
 * from its seed.
 */
import { createIdSource } from '../../mocks/service/random'

/** A function returning floats in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  const source = createIdSource(seed)
  return () => source.next()
}
