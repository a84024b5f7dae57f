'use client'
import { useEffect, type KeyboardEvent, type RefObject } from 'react'

const controls = 'button, a[href], input, select, textarea, audio[controls], video[controls], [tabindex]'
const rowSelector = '.lk-MessageList-row[data-kind="item"]'
/** Widgets inside a message that answer the arrow keys themselves. */
const ownKeys = '[role="toolbar"], [role="menu"], [role="dialog"], .lk-ReactionMenu-popover'

/** The controls of a row (Copy, React, Retry, an attachment's link or player), in order. */
const controlsOf = (row: Element) =>
  [...row.querySelectorAll<HTMLElement>(controls)].filter(
    (el) => !el.matches(':disabled') && !el.closest(ownKeys) && el.getClientRects().length > 0,
  )

/**
 * The thread is one tab stop (the viewport): the rows and every control inside them are taken
 * out of the tab order, so Tab goes past a thread of any length to the composer. Inside, the
 * arrow keys move from message to message (Home and End to the first and last mounted one),
 * Enter or → moves into the focused message's actions, ← and → move between them, and Escape
 * returns to the message.
 */
export function useRowKeys(viewport: RefObject<HTMLDivElement | null>, ready: boolean) {
  useEffect(() => {
    const root = viewport.current
    if (!root || !ready) return
    // Rows mount and unmount as the list scrolls, and a bubble may add controls later (a Retry,
    // a reaction menu): every new one is taken out of the tab order as it appears.
    const untab = () => {
      for (const row of root.querySelectorAll<HTMLElement>(rowSelector)) {
        // The attribute, not `tabIndex`: a plain element reads -1 without one, and is not focusable.
        if (row.getAttribute('tabindex') !== '-1') row.setAttribute('tabindex', '-1')
        for (const el of row.querySelectorAll<HTMLElement>(controls))
          // An open reaction toolbar keeps its own roving focus.
          if (el.getAttribute('tabindex') !== '-1' && !el.closest(ownKeys)) el.setAttribute('tabindex', '-1')
      }
    }
    untab()
    const observer = new MutationObserver(untab)
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [viewport, ready])

  return (e: KeyboardEvent<HTMLDivElement>) => {
    const root = viewport.current
    if (!root || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
    const target = e.target as HTMLElement
    if (target.closest(ownKeys)) return
    const rows = [...root.querySelectorAll<HTMLElement>(rowSelector)].sort(
      (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
    )
    const row = target.closest<HTMLElement>(rowSelector)
    const focusRow = (next: HTMLElement | undefined) => {
      if (!next) return
      e.preventDefault()
      next.focus()
      next.scrollIntoView({ block: 'nearest' })
    }
    if (row && target !== row) {
      // Inside a message's actions. A text field or player keeps its own keys.
      if (target.matches('input, textarea, select, audio, video')) return
      const list = controlsOf(row)
      const at = list.indexOf(target)
      if (e.key === 'Escape') return focusRow(row)
      if (e.key === 'ArrowRight' && at < list.length - 1) return focusRow(list[at + 1])
      if (e.key === 'ArrowLeft') return focusRow(at > 0 ? list[at - 1] : row)
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        const i = rows.indexOf(row)
        return focusRow(rows[e.key === 'ArrowDown' ? i + 1 : i - 1])
      }
      return
    }
    if (row) {
      const i = rows.indexOf(row)
      if (e.key === 'ArrowDown') return focusRow(rows[i + 1])
      if (e.key === 'ArrowUp') return focusRow(rows[i - 1])
      if (e.key === 'Home') return focusRow(rows[0])
      if (e.key === 'End') return focusRow(rows.at(-1))
      if (e.key === 'Enter' || e.key === 'ArrowRight') return focusRow(controlsOf(row)[0])
      return
    }
    if (target === root && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      // From the thread itself: to the newest message in view, where the agent is reading.
      const bottom = root.getBoundingClientRect().bottom
      const inView = rows.filter((r) => r.getBoundingClientRect().top < bottom)
      focusRow(inView.at(-1) ?? rows.at(-1))
    }
  }
}
