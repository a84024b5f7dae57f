/**
 * The short version of the load test: `scripts/load.mjs` for 3 s with 50 connections
 * (the 30-s, 200-connection run is `node scripts/load.mjs`, figures in RELIABILITY.md). The Node
 * adapter in front of the standalone mock must serve every request without a socket error, a
 * timeout or a non-2xx answer, with the server's peak RSS under the script's bound.
 */
import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

describe('load (short)', () => {
  it('50 concurrent clients for 3 s through the Node adapter: zero errors, bounded memory', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['scripts/load.mjs', '--duration', '3', '--connections', '50', '--json'],
      { cwd: root, timeout: 60_000 },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? '', stderr: error.stderr }))
    const line = stdout.trim().split('\n').at(-1) ?? '{}'
    const summary = JSON.parse(line) as {
      ok: boolean
      requests: number
      errors: number
      timeouts: number
      non2xx: number
      rssMb: { peak: number }
    }
    expect(summary.errors, line).toBe(0)
    expect(summary.timeouts, line).toBe(0)
    expect(summary.non2xx, line).toBe(0)
    expect(summary.requests, line).toBeGreaterThan(50)
    expect(summary.rssMb.peak, line).toBeLessThan(512)
    expect(summary.ok).toBe(true)
  }, 90_000)
})
