// The flood phase's figures (bench/team/team-run.mjs, runFlood): one user at 10× the key's rate
// beside working users, then keyless 60 KB sends; its checks and its table for BENCHMARKS.md.

/** Checks and table of the flood phase's result `f` against `targets` (p99Ms, upstream429, heapGrowthMB). */
export function floodReport(f, targets) {
  const others = f.others
  const checks = [
    {
      name: "flood: other users' requests unanswered",
      value: others.requests - others.answered,
      unit: '',
      op: '=',
      target: 0,
    },
    { name: "flood: other users' latency, p99", value: others.p99, unit: 'ms', op: '≤', target: targets.p99Ms },
    { name: "flood: 429s that are not the flooder's", value: others.rateLimited, unit: '', op: '=', target: 0 },
    {
      name: "flood: the flooder's requests refused with its own 429",
      value: f.flood.statuses['429'] ?? 0,
      unit: '',
      op: '≥',
      target: 1,
    },
    { name: 'flood: upstream 429s', value: f.upstream.upstream429, unit: '', op: '=', target: targets.upstream429 },
    {
      name: `flood: server heap growth after ${f.keyless.count} keyless 60 KB sends`,
      value: Math.round((f.keyless.heapAfterMB - f.keyless.heapBeforeMB) * 10) / 10,
      unit: 'MB',
      op: '≤',
      target: targets.heapGrowthMB,
    },
  ]
  const byStatus = (statuses) =>
    Object.entries(statuses)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ')
  const table = {
    header: ['measure', 'value'],
    rows: [
      [
        'flood',
        `${f.perSecond}/s for ${f.floodSeconds} s, reads and sends (typing, sends, availability, contacts, a message by handle)`,
      ],
      ["the flooder's answers by status", byStatus(f.flood.statuses)],
      [
        `other users' requests during the flood (${f.users} users)`,
        `${others.requests} (${others.answered} answered, ${others.ok} 2xx)`,
      ],
      ["other users' latency, p50 / p99 / max", `${others.p50} / ${others.p99} / ${others.max} ms`],
      ["other users' 429s / error answers", `${others.rateLimited} / ${others.errors}`],
      ['upstream requests during the flood (429s)', `${f.upstream.requests} (${f.upstream.upstream429})`],
      [`${f.keyless.count} sends of 60 KB without an idempotencyKey, answers`, byStatus(f.keyless.statuses)],
      ['server heap before / after them', `${f.keyless.heapBeforeMB} / ${f.keyless.heapAfterMB} MB`],
    ].map(([k, v]) => [k, String(v)]),
    notes: others.firstErrors.length ? [`First error answers: ${others.firstErrors.join('; ')}`] : [],
  }
  return { checks, table }
}
