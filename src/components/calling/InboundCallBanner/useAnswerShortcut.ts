'use client'
import { useEffect, type RefObject } from 'react'

/** The shortcut to a ringing call, as `aria-keyshortcuts` writes it. */
export const answerShortcut = 'Alt+Shift+A'

/**
 * The keyboard path to a ringing call: Alt+Shift+A (anywhere on the page; by key position, so
 * the layout or macOS's Option characters do not matter) moves focus to the newest ringing call's
 * Answer button, while one rings. When a call starts ringing and the user is not typing (focus
 * is on the page itself), focus is offered at once: it moves to Answer. Typing is never interrupted.
 */
export function useAnswerShortcut(root: RefObject<HTMLElement | null>, ringingCall: string | undefined) {
  useEffect(() => {
    if (ringingCall === undefined) return
    const answer = () =>
      root.current?.querySelector<HTMLElement>(`[data-call="${ringingCall}"] .lk-InboundCallBanner-answer`)
    // Offer focus only when it interrupts nothing: focus is on no control (typing, or working in
    // another part of the page, keeps it).
    const active = document.activeElement
    if (!active || active === document.body || active === document.documentElement) answer()?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey || e.code !== 'KeyA') return
      const button = answer()
      if (!button) return
      e.preventDefault()
      button.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [root, ringingCall])
}
