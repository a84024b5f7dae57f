/** Test helper: an in-memory event bus that counts its live subscribers. */
import type { EventBus } from '../../../server-helpers/eventBus'
import { createMemoryEventBus } from '../../../server-helpers/eventBus'

export function countingBus(): EventBus & { subscribers: () => number } {
  const inner = createMemoryEventBus()
  let count = 0
  return {
    ...inner,
    subscribe(listener, options) {
      count += 1
      const off = inner.subscribe(listener, options)
      return () => {
        count -= 1
        off()
      }
    },
    subscribers: () => count,
  }
}
