// The one writer of BENCHMARKS.md's figures. BENCHMARKS.md is written by hand — what each
// benchmark does, how to read it, why a target is missed — and holds generated blocks between
// markers, which only this module rewrites:
//
//   <!-- bench:NAME -->        when, by which command and on which machine NAME ran, and its checks
//   <!-- bench:NAME/TABLE -->  one table of NAME's report
//   <!-- bench:summary -->     every check of every benchmark (the rows of the benchmarks that ran
//                              are replaced, the others kept)
//   <!-- bench:run -->         the last run's command, machine and `free -h`
//
// each closed by `<!-- /bench:ID -->`. Everything outside the markers is kept as written. A block
// missing from the file is added before "## Closing notes", for its prose to be written around it.
//
// A benchmark's report (see scripts/bench.mjs) is `{ checks, tables, params? }`: checks are
// `{ name, value, unit, op, target }` with op one of ≤ < ≥ =, tables `{ [id]: { header, rows,
// notes? } }` (notes: lines of data under the table, e.g. which sends went missing).
import { kb } from './size.mjs'

/** A GitHub table: the first column left-aligned, the others right-aligned. */
export function markdownTable(header, rows) {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`]
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`)
  return lines.join('\n')
}

/** A figure in its unit, as the tables show it. */
export function formatValue(value, unit) {
  if (typeof value !== 'number') return String(value)
  if (unit === 'KB') return kb(value)
  if (unit === 'ms') return `${value.toFixed(value < 10 ? 2 : 1)} ms`
  if (unit === '×') return `${value.toFixed(2)}×`
  if (unit === 'req/s') return `${Math.round(value)} req/s`
  if (unit === 'min') return `${value.toFixed(1)} min`
  return String(value)
}

/** A check of benchmark `area`, with whether its figure meets its target. */
export function judge(area, check) {
  const { value, op, target } = check
  const met =
    op === '≤' ? value <= target : op === '<' ? value < target : op === '≥' ? value >= target : value === target
  return { ...check, area, met }
}

function missedBy(c) {
  if (c.met || typeof c.value !== 'number' || typeof c.target !== 'number') return ''
  const diff = c.op === '≥' ? c.target - c.value : c.value - c.target
  const relative = c.target ? ` (${((100 * diff) / c.target).toFixed(0)} %)` : ''
  return `${formatValue(diff, c.unit)}${relative}`
}

/** A judged check as a row: check, measured, target, status, missed by. */
export function checkRow(c) {
  // A target in minutes is a round figure: `< 5 min`, not `< 5.0 min`.
  const target = `${c.op === '=' ? '' : `${c.op} `}${c.unit === 'min' ? `${c.target} min` : formatValue(c.target, c.unit)}`
  return [`${c.area}: ${c.name}`, formatValue(c.value, c.unit), target, c.met ? 'met' : 'missed', missedBy(c)]
}

const checksHeader = ['check', 'measured', 'target', 'status', 'missed by']

/** Judged checks as a table. */
export function checksTable(checks) {
  return markdownTable(checksHeader, checks.map(checkRow))
}

/** `cpu, nproc = n, platform, Node v; load average (1, 5, 15 min) … at the start, … at the end` */
function machineLine({ machine, loadStart, loadEnd }) {
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ')
  return (
    `${machine.cpu}, \`nproc\` = ${machine.nproc}, ${machine.platform}, Node ${machine.node}; load average ` +
    `(1, 5, 15 min) ${load(loadStart)} at the start, ${load(loadEnd)} at the end`
  )
}

/**
 * The blocks of one benchmark's results: `[id, markdown]`, its own block (date, command, machine,
 * what ran, its checks) first, then one per table.
 * @param run `{ command, started: Date, machine, loadStart, loadEnd }` of the whole run
 */
export function blocksOf(name, report, checks, run) {
  const params = report.params ? `\nRun: ${report.params}.` : ''
  const own = `Measured on ${run.started.toISOString()} by \`${run.command}\`: ${machineLine(run)}.${params}

${checksTable(checks)}`
  return [
    [name, own],
    ...Object.entries(report.tables).map(([id, { header, rows, notes = [] }]) => [
      `${name}/${id}`,
      [markdownTable(header, rows), ...notes].join('\n\n'),
    ]),
  ]
}

const open = (id) => `<!-- bench:${id} -->`
const close = (id) => `<!-- /bench:${id} -->`

/** The text between a block's markers, or undefined when the file has no such block. */
export function readBlock(md, id) {
  const start = md.indexOf(open(id))
  const end = md.indexOf(close(id))
  if (start < 0 || end < start) return undefined
  return md
    .slice(start + open(id).length, end)
    .replace(/^\n/, '')
    .replace(/\n$/, '')
}

/** `md` with block `id` holding `content`: replaced in place, or added before the closing notes. */
export function replaceBlock(md, id, content) {
  const block = `${open(id)}\n${content}\n${close(id)}`
  const start = md.indexOf(open(id))
  const end = md.indexOf(close(id))
  if (start >= 0 && end > start) return md.slice(0, start) + block + md.slice(end + close(id).length)
  const notes = md.indexOf('\n## Closing notes')
  const at = notes >= 0 ? notes + 1 : md.length
  const before = md.slice(0, at).replace(/\n*$/, '\n\n')
  return `${before}${block}\n${notes >= 0 ? '\n' : ''}${md.slice(at)}`
}

/**
 * The summary's rows with those of the benchmarks in `areas` replaced by `checks`: an area keeps
 * its place in the table, a new one goes at the end.
 */
export function mergeSummary(current, checks, areas) {
  // The check rows: each begins with its benchmark's name (`| size: CSS | …`).
  const areaOf = (row) => /^\| ([\w-]+): /.exec(row)?.[1]
  const rows = (current ?? '').split('\n').filter((line) => areaOf(line) !== undefined)
  const fresh = checks.map((c) => `| ${checkRow(c).join(' | ')} |`)
  const out = []
  let placed = false
  for (const row of rows) {
    if (!areas.includes(areaOf(row))) out.push(row)
    else if (!placed) {
      out.push(...fresh)
      placed = true
    }
  }
  if (!placed) out.push(...fresh)
  return [markdownTable(checksHeader, []), ...out].join('\n')
}

/**
 * BENCHMARKS.md with the figures of one run written into its blocks.
 * @param results `[{ name, report, checks }]` of the benchmarks that ran, checks judged
 * @param run `{ command, started, machine, loadStart, loadEnd }`
 */
export function updateBenchmarks(md, results, run) {
  let out = md
  for (const { name, report, checks } of results)
    for (const [id, content] of blocksOf(name, report, checks, run)) out = replaceBlock(out, id, content)
  const checks = results.flatMap((r) => r.checks)
  const areas = results.map((r) => r.name)
  out = replaceBlock(out, 'summary', mergeSummary(readBlock(out, 'summary'), checks, areas))
  const lastRun = `Last written by \`${run.command}\` on ${run.started.toISOString()}: ${machineLine(run)}.

\`free -h\`:

\`\`\`
${run.machine.free}
\`\`\``
  return replaceBlock(out, 'run', lastRun)
}
