import { dayKey, dayLabel, type DateOptions, type DayLabelStrings } from '../../shared/time'
import type { ThreadItem } from '../../shared/types'

/** A row of the rendered thread: a day separator or an item. */
export type ThreadRow =
  { kind: 'day'; key: string; label: string; day: string } | { kind: 'item'; key: string; item: ThreadItem }

/** When an item happened (stored: `created_at`; optimistic: when the user sent it). */
export function itemTime(item: ThreadItem): string | number | Date {
  return item.kind === 'message' ? item.message.created_at : item.createdAt
}

/**
 * Interleaves day separators into a thread sorted oldest → newest. Separator keys are the day
 * (`day:2026-03-03`) so a separator keeps its identity when older pages are prepended.
 */
export function groupThreadByDay(
  items: readonly ThreadItem[],
  now: Date,
  strings: DayLabelStrings,
  options: DateOptions = {},
): ThreadRow[] {
  const rows: ThreadRow[] = []
  let last: string | undefined
  // Formatting a day key per item dominated mounting a long thread. Every time zone's
  // UTC offset is a whole number of quarter hours (since the 1970s), so a local day never
  // changes inside a quarter hour of UTC: one key per quarter hour.
  const byQuarter = new Map<number, string>()
  for (const item of items) {
    const t = itemTime(item)
    const ms = t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t)
    const quarter = Math.floor(ms / 900_000)
    let day = byQuarter.get(quarter)
    if (day === undefined) {
      day = dayKey(ms, options)
      byQuarter.set(quarter, day)
    }
    if (day !== last) {
      rows.push({ kind: 'day', key: `day:${day}`, day, label: dayLabel(t, now, strings, options) })
      last = day
    }
    rows.push({ kind: 'item', key: item.key, item })
  }
  return rows
}
