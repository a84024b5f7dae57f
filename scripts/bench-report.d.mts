/** A figure against its target, as a benchmark's report gives it. */
export interface Check {
  name: string
  value: number | string
  /** 'KB' | 'ms' | '×' | 'req/s' | 'min' | '%' | '' */
  unit: string
  op: '≤' | '<' | '≥' | '='
  target: number | string
}
export interface JudgedCheck extends Check {
  area: string
  met: boolean
}
export interface Table {
  header: string[]
  rows: (string | number)[][]
  notes?: string[]
}
export interface Report {
  checks: Check[]
  tables: Record<string, Table>
  params?: string
}
/** What `npm run bench` needs of a benchmark module's `bench` export. */
export interface Bench<Figures> {
  name: string
  title: string
  options(quick: boolean): Record<string, unknown>
  run(options: Record<string, unknown>): Promise<Figures>
  report(figures: Figures): Report
}
export interface RunInfo {
  command: string
  started: Date
  machine: { cpu: string; nproc: string; platform: string; node: string; free: string }
  loadStart: number[]
  loadEnd: number[]
}
export interface BenchResult {
  name: string
  report: Report
  checks: JudgedCheck[]
}
export declare function markdownTable(header: string[], rows: (string | number)[][]): string
export declare function formatValue(value: number | string, unit: string): string
export declare function judge(area: string, check: Check): JudgedCheck
export declare function checkRow(check: JudgedCheck): string[]
export declare function checksTable(checks: JudgedCheck[]): string
export declare function blocksOf(name: string, report: Report, checks: JudgedCheck[], run: RunInfo): [string, string][]
export declare function readBlock(md: string, id: string): string | undefined
export declare function replaceBlock(md: string, id: string, content: string): string
export declare function mergeSummary(current: string | undefined, checks: JudgedCheck[], areas: string[]): string
export declare function updateBenchmarks(md: string, results: BenchResult[], run: RunInfo): string
