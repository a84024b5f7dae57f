import { afterAll, vi } from 'vitest'

// The `node` project's files share one worker (vite.config.ts); each starts as if alone, as in
// test/setup-unit.ts: fresh modules of its own (not node_modules), real timers, no stubs.
vi.resetModules()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()

// The servers this file started stop their timers (see test/setup-unit.ts).
afterAll(async () => {
  const { closeOpenServers } = await import('../stories/support/openServers')
  closeOpenServers()
})
