// The kit as people use it beyond what axe checks, on the playground (`npm start`) in Chromium:
// fonts, reflow on a phone and at 200 % zoom (WCAG 1.4.10), layout shift, focus after every
// action and Escape, and focus outlines in forced colors (Windows High Contrast).
import { after, before, beforeEach, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, screenshot, startPlayground, watchErrors } from './support.mjs'

const AVA = '+14155550124' // native chat, history with the main line

let playground
let browser
/** @type {import('playwright-core').BrowserContext | undefined} */
let context

before(async () => {
  playground = await startPlayground()
  browser = await launchBrowser()
})
after(async () => {
  await context?.close()
  await browser?.close()
  await playground?.close()
})
beforeEach(async () => {
  await context?.close()
  context = undefined
  await playground.control('POST', '/reset')
})

/** Opens the playground in a fresh context with `options` and waits until the thread list has loaded. */
async function openInbox(options = {}) {
  await context?.close()
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto(playground.url)
  await page
    .getByRole('navigation', { name: /threads$/i })
    .getByRole('button', { name: new RegExp(AVA.replace('+', '\\+')) })
    .first()
    .waitFor({ timeout: 20_000 })
  await page.getByRole('table').first().waitFor({ timeout: 20_000 })
  return { page, errors }
}

/** Font families of every kit element and every form control inside one, with what they differ in. */
function kitFonts(page) {
  return page.evaluate(() => {
    const kit = [...document.querySelectorAll('[class^="lk-"], [class*=" lk-"]')]
    const controls = kit.flatMap((el) => [...el.querySelectorAll('button, input, select, textarea')])
    const families = new Map()
    for (const el of new Set([...kit, ...controls])) {
      const family = getComputedStyle(el).fontFamily
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`
      if (!families.has(family)) families.set(family, name)
    }
    return Object.fromEntries(families)
  })
}

describe('fonts', () => {
  test('a page that sets no font: the kit uses a system font stack, never the default serif', async () => {
    const { page } = await openInbox()
    const fonts = await kitFonts(page)
    assert.deepEqual(Object.keys(fonts).length, 1, `one font family everywhere: ${JSON.stringify(fonts, null, 1)}`)
    const [family] = Object.keys(fonts)
    assert.match(family, /^system-ui/, family)
    assert.doesNotMatch(family, /Times/)
  })

  test("a page that sets a font: every component, control included, takes the page's font", async () => {
    const { page } = await openInbox()
    await page.addStyleTag({ content: 'body { font-family: Georgia, serif; }' })
    const fonts = await kitFonts(page)
    assert.deepEqual(Object.keys(fonts), ['Georgia, serif'], JSON.stringify(fonts, null, 1))
  })
})
