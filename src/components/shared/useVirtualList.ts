import { useCallback, useLayoutEffect, useRef, useState } from 'react'

interface VirtualListOptions {
  /** How many rows the list has. */
  count: number
  /** The scrolling element (it may mount after the first render). */
  getScrollElement: () => HTMLElement | null
  /** Height of a row in px until it is measured (rows given to `measureElement`), or for good. */
  estimateSize: (index: number) => number
  /** A stable key per row: measured heights and the scroll anchor follow rows by key, not index. */
  getItemKey: (index: number) => string | number
  /** Rows mounted beyond the viewport on each side. */
  overscan?: number
  /**
   * Keep the first visible row where it is on screen when rows are inserted or change height
   * above it (a chat thread: older pages are prepended, rows above are measured as they mount).
   */
  anchor?: boolean
  /**
   * Until the viewport has a height (before it is measured, or where nothing is laid out), render
   * the last rows rather than the first: a chat thread opens at its newest message.
   */
  startAtEnd?: boolean
}

export interface VirtualRow {
  index: number
  key: string | number
  /** Offset from the top of the canvas, px. */
  start: number
  size: number
}

/** Index of the first row whose bottom is below `offset` (`starts` has `count + 1` entries). */
function rowAt(starts: Float64Array, offset: number): number {
  let lo = 0
  let hi = starts.length - 2
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (starts[mid + 1]! <= offset) lo = mid + 1
    else hi = mid
  }
  return Math.max(0, lo)
}

/**
 * Windowing for long lists of rows of varying height: only the rows in view (plus `overscan`)
 * are returned for rendering, absolutely positioned on a canvas of `getTotalSize()` px. Rows
 * passed to `measureElement` (as a ref, with `data-index`) are measured by a ResizeObserver and
 * keep their height by key. Positions are prefix sums recomputed per render: linear in the row
 * count, which stays well under a millisecond for tens of thousands of rows.
 *
 * @example
 * const list = useVirtualList({ count: rows.length, getScrollElement: () => ref.current,
 *   estimateSize: () => 64, getItemKey: (i) => rows[i]!.key })
 * list.getVirtualItems().map((v) => <div key={v.key} data-index={v.index} ref={list.measureElement}
 *   style={{ position: 'absolute', transform: `translateY(${v.start}px)` }} />)
 */
export function useVirtualList({
  count,
  getScrollElement,
  estimateSize,
  getItemKey,
  overscan = 6,
  anchor = false,
  startAtEnd = false,
}: VirtualListOptions) {
  const [sizes, setSizes] = useState<ReadonlyMap<string | number, number>>(() => new Map())
  const [view, setView] = useState({ top: 0, height: 0 })

  const keys: (string | number)[] = []
  const starts = new Float64Array(count + 1)
  for (let i = 0; i < count; i += 1) {
    const key = getItemKey(i)
    keys.push(key)
    starts[i + 1] = starts[i]! + (sizes.get(key) ?? estimateSize(i))
  }
  const layout = useRef({ keys, starts })
  /** The first row in view, by key, and where it started when last seen. */
  const anchorRow = useRef<{ key: string | number; start: number } | null>(null)

  const remember = useCallback((el: HTMLElement) => {
    const { keys, starts } = layout.current
    const i = rowAt(starts, el.scrollTop)
    anchorRow.current = keys.length === 0 ? null : { key: keys[i]!, start: starts[i]! }
  }, [])

  // Rows in view follow the scroll position and the viewport's height. The scroll element mounts
  // and unmounts with the list's states: check after each render which one is there.
  const attached = useRef<{ el: HTMLElement; detach: () => void } | null>(null)
  const attach = useCallback(
    (el: HTMLElement) => {
      const update = () => {
        remember(el)
        setView((v) =>
          v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight },
        )
      }
      el.addEventListener('scroll', update, { passive: true })
      // Its first report (before the next paint) gives the initial height.
      const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
      observer?.observe(el)
      return () => {
        el.removeEventListener('scroll', update)
        observer?.disconnect()
      }
    },
    [remember],
  )
  useLayoutEffect(() => {
    const el = getScrollElement()
    if (attached.current?.el === el) return
    attached.current?.detach()
    attached.current = el ? { el, detach: attach(el) } : null
  })
  useLayoutEffect(() => () => attached.current?.detach(), [])

  // After rows above the view were inserted or measured, scroll by as much as the anchor row
  // moved (by the difference, not to a remembered position: a programmatic scroll may not have
  // been reported yet).
  useLayoutEffect(() => {
    layout.current = { keys, starts }
    const el = getScrollElement()
    if (!el) return
    const a = anchorRow.current
    const i = a ? keys.indexOf(a.key) : -1
    if (anchor && a && i >= 0 && starts[i] !== a.start) el.scrollTop += starts[i]! - a.start
    remember(el)
  })

  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef(new Set<HTMLElement>())
  // A ref callback, so it returns nothing: React 18 warns about a returned cleanup and never calls it
  // (the kit supports 18.3 and 19). Instead, rows that have left the document are unobserved on the
  // next call: the null call of a removed row comes while it is still attached.
  const measureElement = useCallback((el: HTMLElement | null): void => {
    if (typeof ResizeObserver === 'undefined') return
    for (const row of observed.current) {
      if (row.isConnected) continue
      observer.current?.unobserve(row)
      observed.current.delete(row)
    }
    if (!el) return
    observer.current ??= new ResizeObserver((entries) => {
      setSizes((prev) => {
        let next: Map<string | number, number> | undefined
        for (const entry of entries) {
          const key = layout.current.keys[Number((entry.target as HTMLElement).dataset.index)]
          // Whole pixels (as TanStack Virtual): fractional heights put rows at sub-pixel offsets whose
          // rounding on screen depends on where the sum of the rows above happens to land.
          const size = Math.round(entry.borderBoxSize[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight)
          if (key === undefined || size === 0 || prev.get(key) === size) continue
          next ??= new Map(prev)
          next.set(key, size)
        }
        return next ?? prev
      })
    })
    observer.current.observe(el)
    observed.current.add(el)
  }, [])

  const fromEnd = startAtEnd && view.height === 0
  const first = count === 0 ? 0 : Math.max(0, fromEnd ? count - 1 - 2 * overscan : rowAt(starts, view.top) - overscan)
  const last =
    count === 0 ? -1 : fromEnd ? count - 1 : Math.min(count - 1, rowAt(starts, view.top + view.height) + overscan)
  const rows: VirtualRow[] = []
  for (let i = first; i <= last; i += 1) {
    rows.push({ index: i, key: keys[i]!, start: starts[i]!, size: starts[i + 1]! - starts[i]! })
  }

  return {
    getVirtualItems: () => rows,
    getTotalSize: () => starts[count]!,
    measureElement,
    /** Puts row `index` in the middle of the viewport (as far as the scroll range allows). */
    scrollToIndex: (index: number) => {
      const el = getScrollElement()
      if (!el || index < 0 || index >= count) return
      const size = starts[index + 1]! - starts[index]!
      el.scrollTop = Math.max(0, starts[index]! - (el.clientHeight - size) / 2)
    },
    scrollToEnd: () => {
      const el = getScrollElement()
      if (el) el.scrollTop = el.scrollHeight
    },
    /** Where row `index` starts (px from the top of the list). */
    startOf: (index: number): number | undefined => starts[index],
  }
}
