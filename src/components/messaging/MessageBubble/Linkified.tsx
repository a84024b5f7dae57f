import { Fragment } from 'react'
import { safeHttpUrl } from '../../shared/url'

const urlPattern = /\bhttps?:\/\/[^\s<>"]+/gi
const trailing = new Set(".,;:!?)]}'’")

/** Where `raw` ends once its trailing punctuation is cut: a scan from the end, linear in the run. */
function endWithoutTrail(raw: string): number {
  let end = raw.length
  while (end > 0 && trailing.has(raw[end - 1]!)) end--
  return end
}

/**
 * Text with its http(s) links made clickable; everything else stays text (never HTML). Trailing
 * punctuation is left out of a link; other schemes (`javascript:`, `data:`) are never linked.
 */
export function Linkified({ text }: { text: string }) {
  const parts: (string | { href: string; label: string })[] = []
  let last = 0
  for (const match of text.matchAll(urlPattern)) {
    const raw = match[0].slice(0, endWithoutTrail(match[0]))
    const href = safeHttpUrl(raw)
    if (!href) continue
    const start = match.index
    if (start > last) parts.push(text.slice(last, start))
    parts.push({ href, label: raw })
    last = start + raw.length
  }
  if (last === 0) return <>{text}</>
  if (last < text.length) parts.push(text.slice(last))
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow" className="lk-MessageBubble-link">
            {p.label}
          </a>
        ),
      )}
    </>
  )
}
