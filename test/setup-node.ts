import { afterAll, vi } from 'vitest'

// The `node` project's files share one worker (vite.config.ts). Each file still starts as if
// alone, as in test/setup-unit.ts: fresh modules of its own (not node_modules), real timers, no
// stubbed globals or env.
vi.resetModules()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()

// Every linekit/server the file makes, directly or through a test backend, is closed at its end:
// a server's read model polls its upstream on a timer until `close()`, and one left open would go
// on polling through the next files, on their fake clocks too when they install one. The server
// is the same object; a test that closes it itself is not affected (closing twice is harmless).
vi.mock(import('../server-helpers/createLinekitServer'), async (importOriginal) => {
  const actual = await importOriginal()
  const { trackServer } = await import('../stories/support/openServers')
  return {
    ...actual,
    createLinekitServer: (options) => {
      const server = actual.createLinekitServer(options)
      trackServer(server)
      return server
    },
  }
})
afterAll(async () => {
  const { closeOpenServers } = await import('../stories/support/openServers')
  closeOpenServers()
})
