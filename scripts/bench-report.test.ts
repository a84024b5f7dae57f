/**
 * The reporter writes BENCHMARKS.md's figures from benchmarks' plain figures: the tables keep the
 * format the file has always had, only the blocks between markers change, and the summary keeps
 * the checks of the benchmarks that did not run.
 */
import { describe, expect, it } from 'vitest'
import { bench as proxy } from '../bench/proxy-latency.mjs'
import type { ProxyFigures } from '../bench/proxy-latency.mjs'
import { bench as sse } from '../bench/sse-fanout.mjs'
import type { SseFigures } from '../bench/sse-fanout.mjs'
import { blocksOf, checkRow, judge, readBlock, updateBenchmarks } from './bench-report.mjs'
import type { BenchResult, Check, RunInfo } from './bench-report.mjs'

const run: RunInfo = {
  command: 'npm run bench -- --only proxy',
  started: new Date('2026-11-23T22:50:38.045Z'),
  machine: { cpu: 'AMD EPYC', nproc: '2', platform: 'linux x64', node: 'v20.20.2', free: 'Mem: 23Gi' },
  loadStart: [3.36, 7.79, 9.68],
  loadEnd: [3.78, 7.1, 9.34],
}

const latency = (p50: number, p99: number, addedMedian: number) => ({ p50, p99, addedMedian })
const proxyFigures: ProxyFigures = {
  mock: {
    name: 'mock',
    requests: 500,
    latency: {
      direct: latency(0.399, 3.1949, 0),
      linekit: latency(1.537, 5.6651, 1.04),
      raw: latency(0.892, 4, 0.435),
    },
  },
  delayed: {
    name: 'stub +20 ms',
    requests: 500,
    latency: {
      direct: latency(21.106, 55.73, 0),
      linekit: latency(23.428, 73.77, 2.219),
      raw: latency(22.145, 60, 0.973),
    },
  },
  requests: 500,
  serviceDelayMs: 20,
}

const sseFigures: SseFigures = {
  clients: 1000,
  events: 20,
  baseline: { delivered: 20, expected: 20, p50: 3.55, p99: 5.08, max: 5.08 },
  fan: { delivered: 20000, expected: 20000, p50: 17.45, p99: 29.89, max: 34.36 },
  ratioP99: 29.89 / 5.08,
}

const judged = (area: string, checks: Check[]) => checks.map((c) => judge(area, c))
const resultOf = (name: string, report: BenchResult['report']): BenchResult => ({
  name,
  report,
  checks: judged(name, report.checks),
})

describe('the tables, from figures', () => {
  it("writes the proxy's checks and latency table as BENCHMARKS.md has them", () => {
    const report = proxy.report(proxyFigures)
    const blocks = Object.fromEntries(blocksOf('proxy', report, judged('proxy', report.checks), run))
    expect(blocks.proxy).toBe(
      `Measured on 2026-11-23T22:50:38.045Z by \`npm run bench -- --only proxy\`: AMD EPYC, \`nproc\` = 2, linux x64, Node v20.20.2; load average (1, 5, 15 min) 3.36 7.79 9.68 at the start, 3.78 7.10 9.34 at the end.
Run: 500 rounds per upstream.

| check | measured | target | status | missed by |
| --- | ---: | ---: | ---: | ---: |
| proxy: added median latency (mock upstream, paired) | 1.04 ms | ≤ 1.00 ms | missed | 0.04 ms (4 %) |
| proxy: added median latency (stub +20 ms upstream, paired) | 2.22 ms | ≤ 1.00 ms | missed | 1.22 ms (122 %) |`,
    )
    expect(blocks['proxy/latency']).toBe(`|  | direct | via proxy | added | target |
| --- | ---: | ---: | ---: | ---: |
| mock: latency p50 (ms), via linekit | 0.399 | 1.537 | +1.040 | ≤ +1 ms |
| mock: latency p50 (ms), via the raw proxy (floor) | 0.399 | 0.892 | +0.435 |  |
| mock: latency p99 (ms), via linekit | 3.19 | 5.67 | +2.47 |  |
| stub +20 ms: latency p50 (ms), via linekit | 21.106 | 23.428 | +2.219 | ≤ +1 ms |
| stub +20 ms: latency p50 (ms), via the raw proxy (floor) | 21.106 | 22.145 | +0.973 |  |
| stub +20 ms: latency p99 (ms), via linekit | 55.73 | 73.77 | +18.04 |  |`)
  })

  it('writes the SSE delivery table and checks as BENCHMARKS.md has them', () => {
    const report = sse.report(sseFigures)
    const blocks = Object.fromEntries(blocksOf('sse', report, judged('sse', report.checks), run))
    expect(blocks['sse/delivery'])
      .toBe(`| delivery after the webhook POST | 1 stream (baseline) | 1000 streams | ratio | target |
| --- | ---: | ---: | ---: | ---: |
| p50 (ms) | 3.55 | 17.45 | 4.9× |  |
| p99 (ms) | 5.08 | 29.89 | 5.9× | < 50 |
| max (ms) | 5.08 | 34.36 |  |  |
| delivered / expected | 20/20 | 20000/20000 |  | all |`)
    expect(judged('sse', report.checks).map((c) => `| ${checkRow(c).join(' | ')} |`)).toEqual([
      '| sse: p99 delivery to 1000 streams | 29.9 ms | < 50.0 ms | met |  |',
      '| sse: all 20000 deliveries arrived | 20000 | 20000 | met |  |',
    ])
  })

  it('formats sizes, rates and minutes, and what a missed target missed by', () => {
    const row = (area: string, check: Check) => `| ${checkRow(judge(area, check)).join(' | ')} |`
    expect(row('size', { name: 'CSS', value: 5.7 * 1024, unit: 'KB', op: '≤', target: 8 * 1024 })).toBe(
      '| size: CSS | 5.7 KB | ≤ 8.0 KB | met |  |',
    )
    expect(row('size', { name: 'all', value: 62.7 * 1024, unit: 'KB', op: '≤', target: 55 * 1024 })).toBe(
      '| size: all | 62.7 KB | ≤ 55.0 KB | missed | 7.7 KB (14 %) |',
    )
    expect(row('mock', { name: 'GET /get-lines', value: 26301.4, unit: 'req/s', op: '≥', target: 5000 })).toBe(
      '| mock: GET /get-lines | 26301 req/s | ≥ 5000 req/s | met |  |',
    )
    expect(row('test', { name: 'full `npm test` (exit 0)', value: 4.31, unit: 'min', op: '<', target: 5 })).toBe(
      '| test: full `npm test` (exit 0) | 4.3 min | < 5 min | met |  |',
    )
    expect(row('render', { name: 'long tasks', value: 101, unit: '', op: '=', target: 0 })).toBe(
      '| render: long tasks | 101 | 0 | missed | 101 |',
    )
    expect(row('size', { name: 'React-free', value: 'no React', unit: '', op: '=', target: 'no React' })).toBe(
      '| size: React-free | no React | no React | met |  |',
    )
  })
})

describe('BENCHMARKS.md', () => {
  const file = `# Benchmarks

Hand-written introduction.

<!-- bench:run -->
old run
<!-- /bench:run -->

## Summary

<!-- bench:summary -->
| check | measured | target | status | missed by |
| --- | ---: | ---: | ---: | ---: |
| size: CSS | 5.7 KB | ≤ 8.0 KB | met |  |
| proxy: added median latency (old) | 9.00 ms | ≤ 1.00 ms | missed | 8.00 ms (800 %) |
| mock: GET /get-lines (awaited one by one) | 26301 req/s | ≥ 5000 req/s | met |  |
<!-- /bench:summary -->

## linekit/server proxy: added latency

<!-- bench:proxy -->
old stamp
<!-- /bench:proxy -->

Hand-written method, with a figure the author chose: 500 rounds.

<!-- bench:proxy/latency -->
| old | table |
<!-- /bench:proxy/latency -->

Hand-written reading of the table.

## Closing notes: targets missed

Hand-written notes.
`

  it('rewrites only the blocks of the benchmarks that ran, and keeps the prose as written', () => {
    const md = updateBenchmarks(file, [resultOf('proxy', proxy.report(proxyFigures))], run)
    const prose = (text: string) => text.replace(/<!-- bench:([\w/-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->/g, '[$1]')
    expect(prose(md)).toBe(prose(file))
    expect(readBlock(md, 'proxy/latency')).toContain(
      '| mock: latency p50 (ms), via linekit | 0.399 | 1.537 | +1.040 | ≤ +1 ms |',
    )
    expect(readBlock(md, 'proxy')).toContain('Measured on 2026-11-23T22:50:38.045Z by `npm run bench -- --only proxy`')
    expect(readBlock(md, 'run')).toContain(
      'Last written by `npm run bench -- --only proxy` on 2026-11-23T22:50:38.045Z',
    )
    expect(readBlock(md, 'run')).toContain('Mem: 23Gi')
  })

  it("replaces the summary's rows of the benchmarks that ran, in their place, and keeps the others", () => {
    const md = updateBenchmarks(file, [resultOf('proxy', proxy.report(proxyFigures))], run)
    expect(readBlock(md, 'summary')).toBe(`| check | measured | target | status | missed by |
| --- | ---: | ---: | ---: | ---: |
| size: CSS | 5.7 KB | ≤ 8.0 KB | met |  |
| proxy: added median latency (mock upstream, paired) | 1.04 ms | ≤ 1.00 ms | missed | 0.04 ms (4 %) |
| proxy: added median latency (stub +20 ms upstream, paired) | 2.22 ms | ≤ 1.00 ms | missed | 1.22 ms (122 %) |
| mock: GET /get-lines (awaited one by one) | 26301 req/s | ≥ 5000 req/s | met |  |`)
  })

  it("adds a benchmark's missing blocks before the closing notes, and its checks at the end of the summary", () => {
    const md = updateBenchmarks(file, [resultOf('sse', sse.report(sseFigures))], run)
    const sseAt = md.indexOf('<!-- bench:sse -->')
    expect(sseAt).toBeGreaterThan(md.indexOf('Hand-written reading of the table.'))
    expect(md.indexOf('<!-- bench:sse/delivery -->')).toBeGreaterThan(sseAt)
    expect(md.indexOf('## Closing notes')).toBeGreaterThan(md.indexOf('<!-- /bench:sse/delivery -->'))
    expect(md.endsWith('## Closing notes: targets missed\n\nHand-written notes.\n')).toBe(true)
    expect(readBlock(md, 'summary')?.split('\n').slice(-2)).toEqual([
      '| sse: p99 delivery to 1000 streams | 29.9 ms | < 50.0 ms | met |  |',
      '| sse: all 20000 deliveries arrived | 20000 | 20000 | met |  |',
    ])
    expect(readBlock(md, 'proxy')).toBe('old stamp')
  })

  it('writes the same file twice from the same figures', () => {
    const once = updateBenchmarks(file, [resultOf('sse', sse.report(sseFigures))], run)
    expect(updateBenchmarks(once, [resultOf('sse', sse.report(sseFigures))], run)).toBe(once)
  })
})
