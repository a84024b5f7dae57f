'use client'
import { useEffect, useState } from 'react'

/**
 * Copies `text` to the clipboard; a check mark and a polite "Copied" say it worked. Where the
 * page may not write the clipboard (no permission, an insecure origin) nothing is claimed.
 */
export function CopyButton({ text, label, copied: copiedText }: { text: string; label: string; copied: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <>
      <button
        type="button"
        className="lk-Button lk-CopyButton"
        data-variant="ghost small"
        aria-label={label}
        title={label}
        data-copied={copied || undefined}
        onClick={copy}
      >
        <span aria-hidden="true">{copied ? '✓' : '⧉'}</span>
      </button>
      <span className="lk-sr-only" role="status">
        {copied ? copiedText : ''}
      </span>
    </>
  )
}
