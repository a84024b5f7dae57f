import type { Bench } from '../scripts/bench-report.mjs'

interface Latency {
  p50: number
  p99: number
  addedMedian: number
}
export interface ProxyFigures {
  mock: { name: string; requests: number; latency: Record<'direct' | 'linekit' | 'raw', Latency> }
  delayed: { name: string; requests: number; latency: Record<'direct' | 'linekit' | 'raw', Latency> }
  requests: number
  serviceDelayMs: number
}
export declare const bench: Bench<ProxyFigures>
