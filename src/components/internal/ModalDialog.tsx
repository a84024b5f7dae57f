'use client'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cx } from './cx'

interface ModalDialogProps {
  /** Whether the dialog is shown; closed, nothing is rendered. */
  open: boolean
  /** Called with `false` on Escape, on a click on the backdrop and by the × button. */
  onOpenChange: (open: boolean) => void
  /** The title: the dialog's accessible name. */
  title: ReactNode
  /** Accessible name of the × button. */
  closeLabel: string
  /** A line under the title, the dialog's accessible description. */
  description?: ReactNode
  /** Id of an element inside that describes the dialog, when there is no `description`. */
  describedBy?: string
  className?: string
  children: ReactNode
}

/**
 * A modal dialog on the platform's `<dialog>` and `showModal()`: it sits in the top layer, the
 * page behind is inert (out of reach of focus, clicks and assistive technology), focus moves to
 * its first control, and Escape (the platform's close request) closes it, as does a click on the
 * backdrop. Closing gives focus back to the element that had it before (the opener).
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  closeLabel,
  description,
  describedBy,
  className,
  children,
}: ModalDialogProps) {
  const ids = useId()
  const ref = useRef<HTMLDialogElement>(null)
  // A click closes only when it also started on the backdrop: a text selection dragged out of a
  // field must not discard the form.
  const pressedBackdrop = useRef(false)
  useEffect(() => {
    const dialog = ref.current
    if (!open || !dialog) return
    const opener = document.activeElement
    dialog.showModal()
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [open])
  if (!open) return null
  return (
    // The backdrop is part of the <dialog> element: a click on it targets the dialog itself.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- Escape is the keyboard's way out (onCancel)
    <dialog
      ref={ref}
      className={cx('lk-Dialog', className)}
      aria-labelledby={`${ids}-title`}
      aria-describedby={description ? `${ids}-description` : describedBy}
      onCancel={(e) => {
        e.preventDefault()
        onOpenChange(false)
      }}
      onPointerDown={(e) => {
        pressedBackdrop.current = e.target === e.currentTarget
      }}
      onClick={(e) => {
        if (pressedBackdrop.current && e.target === e.currentTarget) onOpenChange(false)
      }}
    >
      <div className="lk-Dialog-body">
        <div className="lk-Dialog-head">
          <h2 id={`${ids}-title`} className="lk-Dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="lk-Button"
            data-variant="ghost small"
            aria-label={closeLabel}
            onClick={() => onOpenChange(false)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {description ? (
          <p id={`${ids}-description`} className="lk-Dialog-description">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  )
}
