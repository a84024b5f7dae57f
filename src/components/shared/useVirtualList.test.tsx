import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useVirtualList } from './useVirtualList'

/** A ResizeObserver that records what it observes (jsdom has none). */
class RecordingObserver {
  static observing = new Set<Element>()
  observe(el: Element) {
    RecordingObserver.observing.add(el)
  }
  unobserve(el: Element) {
    RecordingObserver.observing.delete(el)
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals()
  RecordingObserver.observing.clear()
})

describe('useVirtualList measureElement', () => {
  it('returns nothing, as React 18 requires of a ref callback, and stops observing rows that left the page', () => {
    vi.stubGlobal('ResizeObserver', RecordingObserver)
    const { result } = renderHook(() =>
      useVirtualList({ count: 2, getScrollElement: () => null, estimateSize: () => 40, getItemKey: (i) => i }),
    )
    const [first, second] = [document.createElement('div'), document.createElement('div')]
    document.body.append(first, second)
    expect(result.current.measureElement(first)).toBeUndefined()
    expect(result.current.measureElement(second)).toBeUndefined()
    expect([...RecordingObserver.observing]).toEqual([first, second])

    // React 18 calls the ref with null while the row is still attached, then removes it.
    expect(result.current.measureElement(null)).toBeUndefined()
    first.remove()
    const third = document.createElement('div')
    document.body.append(third)
    result.current.measureElement(third)
    expect([...RecordingObserver.observing]).toEqual([second, third])
  })
})
