// Where the Debian Chromium lives, and the flags it needs on these closed-network machines.
import { existsSync } from 'node:fs'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/** `CHROMIUM_PATH`, else `/usr/bin/chromium`; undefined when neither exists. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p) => p && existsSync(p))
}
