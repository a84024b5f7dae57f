'use client'
import { useState } from 'react'

/**
 * Copies `text` to the clipboard; a check mark and a polite "Copied" say it worked (until focus
 * leaves). Where the page may not write the clipboard (no permission, an insecure origin) nothing
 * is claimed.
 */
export function CopyButton({
  text,
  label,
  short,
  copied: copiedText,
}: {
  text: string
  /** The button's name ("Copy message text"). */
  label: string
  /** What it shows ("Copy"). */
  short: string
  copied: string
}) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="lk-Button lk-CopyButton"
      data-variant="ghost small"
      aria-label={label}
      data-copied={copied || undefined}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => {},
        )
      }
      onBlur={() => setCopied(false)}
    >
      <span aria-hidden="true">{copied ? copiedText : short}</span>
      <span className="lk-sr-only" role="status">
        {copied ? copiedText : ''}
      </span>
    </button>
  )
}
