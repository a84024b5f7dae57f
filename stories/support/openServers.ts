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
 * way have ended (a test may leave one hanging on purpose). The files of the `unit` and `node`
 * projects share one worker (test/setup-unit.ts, test/setup-node.ts), those of the Chromium
 * projects one page: a server left running would go on polling through the next files, and on
 * their fake clocks when they install one. A close that fails is not the next file's failure: its
 * test may have closed what the server used (a Redis connection) already.
 */
export function closeOpenServers() {
  for (const server of open) server.close().catch(() => {})
  open.clear()
}
