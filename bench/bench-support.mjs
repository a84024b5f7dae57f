// Small helpers shared by the benchmarks: argument parsing, statistics, a plain-text table, the
// machine, and `runAlone` (a benchmark module run as a script).
import { cpus, freemem, totalmem, loadavg } from 'node:os'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** `--name value` / `--flag` over defaults (numbers and booleans keep their type). */
export function parseArgs(defaults, argv = process.argv.slice(2)) {
  const out = { ...defaults }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) continue
    const key = a.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase())
    if (!(key in defaults)) throw new Error(`unknown option ${a}`)
    if (typeof defaults[key] === 'boolean') out[key] = true
    else out[key] = typeof defaults[key] === 'number' ? Number(argv[++i]) : argv[++i]
  }
  return out
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Nearest-rank percentile (p in 0..100) of a sorted or unsorted list. */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

const fmt = (v) =>
  typeof v === 'number'
    ? Number.isInteger(v)
      ? String(v)
      : v >= 100
        ? v.toFixed(0)
        : v >= 10
          ? v.toFixed(1)
          : v.toFixed(2)
    : String(v)

/** Prints rows under a header as aligned columns. */
export function printTable(header, rows, log = console.log) {
  const cells = [header, ...rows].map((r) => r.map(fmt))
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  for (const [n, r] of cells.entries()) {
    log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '))
    if (n === 0) log(widths.map((w) => '-'.repeat(w)).join('  '))
  }
}

/** The machine a figure was measured on: what BENCHMARKS.md records next to each figure. */
export function machine() {
  let freeH = ''
  try {
    freeH = execFileSync('free', ['-h'], { encoding: 'utf8' }).trimEnd()
  } catch {
    freeH = `${(totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(freemem() / 2 ** 30).toFixed(1)} GiB free`
  }
  let nproc = String(cpus().length)
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim()
  } catch {
    /* os.cpus() is the fallback */
  }
  return {
    nproc,
    cpu: cpus()[0]?.model?.trim() ?? 'unknown',
    free: freeH,
    loadavg: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  }
}

/** Prints a report's tables (markdown code marks dropped), each under its id. */
export function printReport(report, log = console.log) {
  for (const [id, { header, rows, notes = [] }] of Object.entries(report.tables)) {
    log(`\n${id}`)
    printTable(
      header,
      rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell.replace(/`/g, '') : cell))),
      log,
    )
    for (const note of notes) log(note)
  }
}

/**
 * A benchmark module run as a script (`node bench/<file>.mjs [--option value] [--json]`): when
 * `url` is the script node was started with, runs `bench` with `defaults` overridden by the command
 * line and prints its figures as JSON (`--json`) or its report's tables.
 */
export async function runAlone(url, bench, defaults) {
  if (process.argv[1] !== fileURLToPath(url)) return
  const { json, ...options } = parseArgs({ ...defaults, json: false })
  const figures = await bench.run(options)
  if (json) console.log(JSON.stringify(figures, null, 2))
  else printReport(bench.report(figures))
}
