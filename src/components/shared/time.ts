/** Date helpers for the thread: day keys, day labels and clock times, all locale/time-zone aware. */

/** Options shared by the date helpers; inject them for deterministic tests and stories. */
export interface DateOptions {
  /** BCP 47 locale. @default the browser's */
  locale?: string
  /** IANA time zone. @default the browser's */
  timeZone?: string
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value))

// Constructing an Intl.DateTimeFormat costs far more than formatting with one, and a long thread
// formats every message: one formatter per style, locale and time zone, reused.
const formatters = new Map<string, Intl.DateTimeFormat>()
type Style = 'day' | 'long' | 'clock'
const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit' },
}
function formatter(style: Style, locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${locale ?? ''}|${timeZone ?? ''}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone })
    formatters.set(key, f)
  }
  return f
}

/** `YYYY-MM-DD` of the instant in the given time zone. */
export function dayKey(value: string | number | Date, { timeZone }: DateOptions = {}): string {
  const d = toDate(value)
  if (Number.isNaN(d.getTime())) return 'invalid'
  // en-CA formats as YYYY-MM-DD.
  return formatter('day', 'en-CA', timeZone).format(d)
}

/** Labels for relative days. */
export interface DayLabelStrings {
  today: string
  yesterday: string
}

/** "Today", "Yesterday", or a long date ("Monday, March 3, 2026"). */
export function dayLabel(
  value: string | number | Date,
  now: Date,
  strings: DayLabelStrings,
  options: DateOptions = {},
): string {
  const key = dayKey(value, options)
  if (key === dayKey(now, options)) return strings.today
  if (key === dayKey(new Date(now.getTime() - 86_400_000), options)) return strings.yesterday
  const d = toDate(value)
  if (Number.isNaN(d.getTime())) return ''
  return formatter('long', options.locale, options.timeZone).format(d)
}

/** Clock time ("10:42 AM"). */
export function clockTime(value: string | number | Date, options: DateOptions = {}): string {
  const d = toDate(value)
  if (Number.isNaN(d.getTime())) return ''
  return formatter('clock', options.locale, options.timeZone).format(d)
}
