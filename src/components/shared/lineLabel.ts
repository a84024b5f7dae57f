import type { Line } from '../../api/schemas'

/**
 * A line's visible name: its number and name when the service gives them, else its id (only
 * `lineId` is guaranteed — spec: GET /lines; src/api/ASSUMPTIONS.md). A shared line is marked with
 * `sharedSuffix` when one is given.
 */
export function lineLabel(line: Line, sharedSuffix?: string): string {
  const parts = [line.phoneNumber, line.name].filter(Boolean)
  const text = parts.length > 0 ? parts.join(' · ') : line.lineId
  return line.shared && sharedSuffix ? `${text} (${sharedSuffix})` : text
}
