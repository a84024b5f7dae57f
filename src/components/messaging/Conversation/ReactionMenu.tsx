'use client'
import { useEffect, useId, useRef } from 'react'
import type { MessageRecord } from '../../../api/schemas'
import { ReactionBar, type ReactionBarStrings } from '../ReactionBar/ReactionBar'
import type { LinekitErrorStrings } from '../../shared/errorMessages'
import { mergeStrings, type StringOverrides } from '../../shared/mergeStrings'

/** Strings of the menu's trigger. */
const reactionMenuStrings = {
  open: 'Add a reaction',
  close: 'Close reactions',
}

/** Props of {@link ReactionMenu}. */
interface ReactionMenuProps {
  message: MessageRecord
  open: boolean
  onOpenChange: (open: boolean) => void
  strings?: StringOverrides<typeof reactionMenuStrings>
  barStrings?: StringOverrides<ReactionBarStrings>
  errorStrings?: StringOverrides<LinekitErrorStrings>
}

/**
 * The tapback menu of one bubble: a small trigger shown on hover and keyboard focus (it stays in
 * the tab order, so keyboard users reach it), and a popover with the reactions. Escape or a
 * click elsewhere closes it and focus returns to the trigger.
 */
export function ReactionMenu({ message, open, onOpenChange, strings, barStrings, errorStrings }: ReactionMenuProps) {
  const texts = mergeStrings(reactionMenuStrings, strings)
  const id = useId()
  const trigger = useRef<HTMLButtonElement>(null)
  const popover = useRef<HTMLDivElement>(null)

  // Opening moves focus into the reactions: the toolbar's current button (roving tabindex).
  useEffect(() => {
    if (open) popover.current?.querySelector<HTMLElement>('[role="toolbar"] button[tabindex="0"]')?.focus()
  }, [open])
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node
      if (!popover.current?.contains(t) && !trigger.current?.contains(t)) onOpenChange(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      onOpenChange(false)
      trigger.current?.focus()
    }
    document.addEventListener('pointerdown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open, onOpenChange])
  return (
    <div className="lk-ReactionMenu" data-open={open || undefined}>
      <button
        ref={trigger}
        type="button"
        className="lk-ReactionMenu-trigger"
        aria-label={open ? texts.close : texts.open}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => onOpenChange(!open)}
      >
        <span aria-hidden="true">☺︎</span>
      </button>
      {open ? (
        <div ref={popover} id={id} className="lk-ReactionMenu-popover">
          <ReactionBar
            messageHandle={message.message_handle}
            message={message}
            strings={barStrings}
            errorStrings={errorStrings}
          />
        </div>
      ) : null}
    </div>
  )
}
