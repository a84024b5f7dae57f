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

/** Debian's headless build of Chromium (package chromium-headless-shell). */
export const headlessShell = '/usr/bin/chromium-headless-shell'

/**
 * The Chromium the tests drive: `CHROMIUM_PATH`, else Debian's headless shell, else the full
 * Chromium; undefined when none exists. The headless shell is what Playwright itself runs headless:
 * the same Blink, V8 and Skia without the browser around them, so a page costs less CPU
 * (BENCHMARKS.md) and pictures are the same pixels.
 */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, headlessShell, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  return candidates.find((p) => p && existsSync(p))
}
