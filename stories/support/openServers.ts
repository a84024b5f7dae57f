/**
 * The linekit/server instances the test and story backends started and have not closed: a
 * server's read model polls its upstream on a timer until `close()`.
 */
import type { LinekitServer } from 'linekit/server'

const open = new Set<LinekitServer>()

/** Keeps `server` until it is closed; returns its close. */
export function trackServer(server: LinekitServer): () => Promise<void> {
  open.add(server)
  return () => {
    open.delete(server)
    return server.close()
  }
}

/**
 * Closes every server still open, without waiting: each stops its timers once the requests under
 * way have ended (a test may leave one hanging on purpose). The files of the `unit` project share
 * one worker (test/setup-unit.ts), those of the Chromium projects one page: a server left running
 * would go on polling through the next files, and on their fake clocks when they install one.
 */
export function closeOpenServers() {
  for (const server of open) void server.close()
  open.clear()
}
