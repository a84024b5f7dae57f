/** The embedded {@link ModelStore}: one instance, operations applied at once. */
import type { ModelSnapshot, ModelStore, ModelTarget } from './modelTypes'

/**
 * Creates the in-memory store (the default). It is the only instance, so it always holds the
 * reconciler's lease. `checkpoint()` keeps a snapshot that the next `open()` restores: a model
 * rebuilt over the same store (tests, a hot reload) resumes where the old one stopped.
 */
export function createMemoryModelStore(): ModelStore {
  let target: ModelTarget | null = null
  let saved: ModelSnapshot | null = null
  return {
    async open(next) {
      target = next
      if (saved) next.restore(saved)
    },
    async submit(op) {
      if (!target) throw new Error('The read model store is not open yet.')
      return target.apply(op)
    },
    async checkpoint() {
      if (target) saved = structuredClone(target.snapshot())
    },
    async lease() {
      return true
    },
    async release() {},
    async close() {
      target = null
    },
  }
}
