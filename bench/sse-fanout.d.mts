import type { Bench } from '../scripts/bench-report.mjs'

interface Delivery {
  delivered: number
  expected: number
  p50: number
  p99: number
  max: number
}
export interface SseFigures {
  clients: number
  events: number
  baseline: Delivery
  fan: Delivery
  ratioP99: number
}
export declare const bench: Bench<SseFigures>
