import type { CallLog } from '../../../api/schemas'

const COLUMNS = [
  'id',
  'line_id',
  'from_number',
  'to_number',
  'status',
  'disposition',
  'duration_seconds',
  'answered_at',
  'ended_at',
  'recording_url',
  'transcript',
] as const satisfies ReadonlyArray<keyof CallLog>

function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // Spreadsheet formula injection: a cell starting with = + - @ (or tab/CR) is neutralised with a
  // leading apostrophe — except E.164 numbers (+ and digits only), which are data, not formulas.
  if (/^[=+\-@\t\r]/.test(text) && !/^\+\d+$/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * CSV (RFC 4180, CRLF line ends) of call logs, one row per call, with a header row.
 * Used by `<CallLogTable>` to export the loaded rows.
 *
 * @example
 * const csv = callLogsToCsv(page.data)
 */
export function callLogsToCsv(rows: readonly CallLog[]): string {
  const lines = [COLUMNS.join(',')]
  for (const row of rows) lines.push(COLUMNS.map((c) => cell(row[c])).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** Speaker-labelled transcript lines ("Agent: Hello") → parts; unlabelled lines keep `speaker` undefined. */
export function parseTranscript(transcript: string): Array<{ speaker: string | undefined; text: string }> {
  return transcript
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      // A label is what comes before the line's first colon, 1 to 40 characters (not a URL's scheme).
      // Found with indexOf: a pattern with `\s*(.*)$` backtracks over long blank runs in a transcript.
      const colon = line.indexOf(':')
      const speaker = line.slice(0, colon)
      return colon >= 1 && colon <= 40 && !/^https?$/i.test(speaker)
        ? { speaker: speaker.trim(), text: line.slice(colon + 1).trimStart() }
        : { speaker: undefined, text: line }
    })
}
