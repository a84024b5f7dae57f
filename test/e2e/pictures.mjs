// Screenshot comparison for the static Storybook: render stories one after another in one
// preview page (through Storybook's own channel, no reload), let them settle, screenshot the
// viewport and compare it with a committed PNG baseline (pngjs + pixelmatch, small tolerance).
// `node scripts/e2e.mjs --update-baselines` (E2E_UPDATE_BASELINES=1) rewrites the baselines.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import { resultsDir, root } from './support.mjs'

export const baselineDir = join(root, 'test/e2e/__baselines__')
export const updateBaselines = process.env.E2E_UPDATE_BASELINES === '1'
const diffDir = join(resultsDir, 'pictures')

/**
 * Per-pixel colour threshold (pixelmatch's YIQ distance, 0–1) and the share of pixels allowed
 * to differ: enough for antialiasing noise, far too little for a layout change.
 */
const pixelThreshold = 0.1
const maxDiffRatio = 0.002

/**
 * Makes screenshots repeatable: no animations, transitions or blinking caret; things that show
 * the wall-clock (call timers) are hidden, not removed, so the layout stays the same.
 */
const stabilizingCss = `
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
.lk-CallTimer { visibility: hidden !important; }
`

/**
 * Every story starts at this wall-clock time (the mock seeds its history relative to "now", and
 * call logs print minutes): Playwright's clock, set back to it before each story, then running.
 */
const storyTime = new Date('2026-03-02T10:00:00Z')

/** Storybook channel events the page records (the channel is hooked before Storybook creates it). */
const recordedEvents = [
  'storyFinished',
  'storyErrored',
  'storyThrewException',
  'playFunctionThrewException',
  'storyMissing',
]

/** Opens the preview iframe page on `firstId` in `context`; returns the page, ready to render stories. */
export async function openPreview(context, siteUrl, firstId) {
  const page = await context.newPage()
  await page.addInitScript((events) => {
    window.__lkStoryEvents = []
    let channel
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value) {
        channel = value
        for (const name of events)
          value.on(name, (payload) => {
            const storyId = typeof payload === 'string' ? payload : payload?.storyId
            const detail = payload?.status ?? payload?.description ?? payload?.message ?? payload?.title
            window.__lkStoryEvents.push({ name, storyId, detail: detail === undefined ? undefined : String(detail) })
          })
      },
    })
  }, recordedEvents)
  await page.clock.install({ time: storyTime })
  // Stories show media from hosts that do not exist (cdn.example.test): fail them at once, as
  // unresolvable, instead of waiting on the machine's DNS. Tests stay off the network.
  const site = new URL(siteUrl).origin
  await context.route(
    (url) => url.origin !== site,
    (route) => route.abort('namenotresolved'),
  )
  // a11y.manual: the a11y addon's own axe run after every render is not needed here (e2e runs axe itself).
  await page.goto(`${siteUrl}iframe.html?id=${firstId}&viewMode=story&globals=a11y.manual:!true`)
  await waitForStory(page, firstId)
  await page.evaluate((id) => (window.__lkCurrentStory = id), firstId)
  await page.addStyleTag({ content: stabilizingCss })
  return page
}

async function waitForStory(page, id, timeout = 30_000) {
  const handle = await page.waitForFunction(
    (storyId) => window.__lkStoryEvents?.find((e) => e.storyId === storyId || e.name === 'storyMissing'),
    id,
    { timeout, polling: 50 },
  )
  const event = await handle.jsonValue()
  if (event.name !== 'storyFinished') throw new Error(`story ${id}: ${event.name} ${event.detail ?? ''}`)
  if (event.detail === 'error') throw new Error(`story ${id} finished with an error (its play function failed)`)
}

/** Renders story `id` in an open preview page (no reload) and waits until it has settled. */
export async function renderStory(page, id) {
  await page.clock.setSystemTime(storyTime)
  await page.evaluate((storyId) => {
    window.__lkStoryEvents = []
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__
    // The story on screen is not rendered again by selecting it: remount it instead.
    if (window.__lkCurrentStory === storyId) channel.emit('forceRemount', { storyId })
    else channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
    window.__lkCurrentStory = storyId
  }, id)
  await waitForStory(page, id)
  await settle(page)
}

/**
 * Waits until the page stops changing: no DOM mutation for 300 ms (at most 5 s: a story with a
 * ticking clock never goes quiet), fonts loaded, no media still loading, two frames painted.
 */
export async function settle(page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => {
      let timer
      const observer = new MutationObserver(() => {
        clearTimeout(timer)
        timer = setTimeout(finish, 300)
      })
      const finish = () => {
        observer.disconnect()
        clearTimeout(hardStop)
        resolve()
      }
      const hardStop = setTimeout(finish, 5000)
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
      timer = setTimeout(finish, 300)
    })
    // A video shows the browser's own loading spinner, caught at any angle, until its source has
    // loaded or failed; that moment is the machine's, not the page's. Wait for it (at most 5 s).
    for (let polls = 0; polls < 100; polls += 1) {
      const loading = [...document.querySelectorAll('video, audio')].some(
        (media) => media.networkState === HTMLMediaElement.NETWORK_LOADING,
      )
      if (!loading) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
}

/**
 * The kit's outermost elements in the story (elements with an `lk-` class and no `lk-`
 * ancestor inside the story root), with their box and display.
 */
export function kitRoots(page) {
  return page.evaluate(() => {
    // A component's root class is `lk-Name` (parts are `lk-Name-part`); Button, Field and
    // Notice are shared looks of parts, not components.
    const isKit = (el) =>
      [...el.classList].some(
        (c) => /^lk-[A-Z][A-Za-z]*$/.test(c) && !['lk-Button', 'lk-Field', 'lk-Notice'].includes(c),
      )
    const storyRoot = document.querySelector('#storybook-root')
    const all = [...storyRoot.querySelectorAll('[class*="lk-"]')].filter(isKit)
    return all
      .filter((el) => {
        for (let p = el.parentElement; p && p !== storyRoot; p = p.parentElement) if (isKit(p)) return false
        return true
      })
      .map((el) => {
        const box = el.getBoundingClientRect()
        return {
          className: el.className,
          display: getComputedStyle(el).display,
          width: Math.round(box.width),
          height: Math.round(box.height),
        }
      })
  })
}

/**
 * Compares a screenshot with its baseline `name`.png; writes the baseline when updating or
 * when there is none yet. Returns `undefined` when equal enough, else a sentence; on a
 * difference the actual picture and a diff image land in test-results/e2e/pictures/.
 */
export function compareWithBaseline(name, pngBuffer) {
  mkdirSync(baselineDir, { recursive: true })
  const file = join(baselineDir, `${name}.png`)
  if (updateBaselines || !existsSync(file)) {
    writeFileSync(file, pngBuffer)
    return undefined
  }
  const expected = PNG.sync.read(readFileSync(file))
  const actual = PNG.sync.read(pngBuffer)
  mkdirSync(diffDir, { recursive: true })
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeFileSync(join(diffDir, `${name}.actual.png`), pngBuffer)
    return `${name}: size ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`
  }
  const diff = new PNG({ width: actual.width, height: actual.height })
  const different = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: pixelThreshold,
  })
  const allowed = Math.round(actual.width * actual.height * maxDiffRatio)
  if (different <= allowed) return undefined
  writeFileSync(join(diffDir, `${name}.actual.png`), pngBuffer)
  writeFileSync(join(diffDir, `${name}.diff.png`), PNG.sync.write(diff))
  return `${name}: ${different} pixels differ (allowed ${allowed}); see test-results/e2e/pictures/${name}.diff.png`
}
