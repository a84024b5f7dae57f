// The story pictures, taken inside the Storybook vitest project (each story is rendered once, for
// its play function, axe and its pictures): Node-side browser commands that emulate media and
// screenshot the story's frame, compared with the committed PNG baselines in
// test/pictures/__baselines__/ (pngjs + pixelmatch, small tolerance).
// `npm run test:pictures -- --update` (LINEKIT_UPDATE_PICTURES=1) rewrites the baselines.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import type { CDPSession } from 'playwright-core'
import type { BrowserCommandContext } from 'vitest/node'

const root = fileURLToPath(new URL('../../', import.meta.url))
export const baselineDir = join(root, 'test/pictures/__baselines__')
const diffDir = join(root, 'test-results/pictures')
const updating = () => process.env.LINEKIT_UPDATE_PICTURES === '1'

/**
 * Per-pixel colour threshold (pixelmatch's YIQ distance, 0–1) and the share of pixels allowed
 * to differ: enough for antialiasing noise, far too little for a layout change.
 */
const pixelThreshold = 0.1
const maxDiffRatio = 0.002

/**
 * Every story starts at this wall-clock time (the mock seeds its history relative to "now", and
 * call logs print minutes): Playwright's clock, set back to it before each story, then running.
 */
const storyTime = new Date('2026-03-02T10:00:00Z')

/**
 * Compares a screenshot with its baseline `name`.png; writes the baseline when there is none yet,
 * or when updating and it differs. Returns `undefined` when equal enough, else a sentence; on a difference the
 * actual picture and a diff image land in test-results/pictures/.
 */
export function compareWithBaseline(name: string, png: Buffer): string | undefined {
  mkdirSync(baselineDir, { recursive: true })
  const file = join(baselineDir, `${name}.png`)
  if (!existsSync(file)) {
    writeFileSync(file, png)
    return undefined
  }
  const baseline = readFileSync(file)
  // The same bytes are the same picture: no need to decode either. Baselines are the captures' own
  // bytes (Chromium's PNG encoding for speed, below), so an unchanged story's capture usually is;
  // a story whose pixels vary within the tolerance from run to run (a video frame, antialiasing)
  // is decoded and compared.
  if (baseline.equals(png)) return undefined
  const expected = PNG.sync.read(baseline)
  const actual = PNG.sync.read(png)
  const problem = difference(name, expected, actual)
  if (!problem) return undefined
  // Updating rewrites only the pictures that changed beyond the tolerance: a re-take leaves the
  // baselines of unchanged stories alone instead of churning them with antialiasing noise.
  if (updating()) {
    writeFileSync(file, png)
    return undefined
  }
  mkdirSync(diffDir, { recursive: true })
  writeFileSync(join(diffDir, `${name}.actual.png`), png)
  if (problem.diff) writeFileSync(join(diffDir, `${name}.diff.png`), PNG.sync.write(problem.diff))
  return problem.message
}

function difference(name: string, expected: PNG, actual: PNG): { message: string; diff?: PNG } | undefined {
  if (expected.width !== actual.width || expected.height !== actual.height)
    return { message: `${name}: size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}` }
  const count = (output?: Buffer) =>
    pixelmatch(expected.data, actual.data, output, actual.width, actual.height, { threshold: pixelThreshold })
  const different = count()
  const allowed = Math.round(actual.width * actual.height * maxDiffRatio)
  if (different <= allowed) return undefined
  // Only a picture that differs gets a diff image drawn.
  const diff = new PNG({ width: actual.width, height: actual.height })
  count(diff.data)
  return {
    message: `${name}: ${different} pixels differ (allowed ${allowed}); see test-results/pictures/${name}.diff.png`,
    diff,
  }
}

export type PictureMedia = { colorScheme?: 'light' | 'dark'; forcedColors?: 'active' | 'none' }

const offline = new WeakSet<object>()
const cdpSessions = new WeakMap<object, CDPSession>()
const pagePx = { width: 1400, height: 1000 }

/** Commands of the storybook project (typed for the browser in test/support/browserCommands.d.ts). */
export const pictureCommands = {
  /** Sets the page's clock to the stories' fixed start time; the clock keeps running. */
  storyClock: async (ctx: BrowserCommandContext) => {
    if (!offline.has(ctx.context)) {
      offline.add(ctx.context)
      // Tests stay off the network: a story's media on a host that does not exist
      // (cdn.example.test) fails at once, as unresolvable, instead of waiting on the machine's DNS.
      await ctx.context.route(
        (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
        (route) => route.abort('namenotresolved'),
      )
    }
    // The test frame is scaled down to fit the page: a page larger than any story viewport keeps
    // it at scale 1, so a picture is the story's viewport pixel for pixel.
    const size = ctx.page.viewportSize()
    if (!size || size.width < pagePx.width || size.height < pagePx.height) await ctx.page.setViewportSize(pagePx)
    await ctx.page.clock.setSystemTime(storyTime)
  },
  /** Emulates colour scheme and forced colours for the page (the story's frame follows it). */
  emulatePictureMedia: async (ctx: BrowserCommandContext, media: PictureMedia) => {
    await ctx.page.emulateMedia({
      colorScheme: media.colorScheme ?? 'light',
      forcedColors: media.forcedColors ?? 'none',
    })
  },
  /**
   * Screenshots the story's frame (its viewport) and compares it with the baseline `name`.
   * Chromium's own capture of the frame's box, encoded for speed: half the time of Playwright's
   * element screenshot, whose waits for a stable, visible element and still animations the story
   * has already passed (test/setup-storybook.ts settles it and stops animations); same pixels.
   */
  storyPicture: async (ctx: BrowserCommandContext, name: string) => {
    const box = await ctx.iframe.owner().boundingBox()
    if (!box) return `${name}: the story's frame is not on the page`
    const session = cdpSessions.get(ctx.page) ?? (await ctx.page.context().newCDPSession(ctx.page))
    cdpSessions.set(ctx.page, session)
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'png',
      clip: { ...box, scale: 1 },
      optimizeForSpeed: true,
    })
    return compareWithBaseline(name, Buffer.from(data, 'base64'))
  },
}
