/** Formatting helpers shared by the calling components and the voice-memo player (locale-aware, SSR-safe). */

/** `m:ss` or `h:mm:ss` for a duration in seconds; `0:00` for one not known yet (NaN, Infinity, negative). */
export function formatDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** A date-time in the user's locale (or the given one); the input unchanged when it is not a date. */
export function formatDateTime(iso: string, locale?: string, options?: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
