// End-to-end against the static Storybook (`npm run build-storybook`), served from a
// sub-folder by a tiny node:http server: the site must work away from the root, including the
// MSW service worker that carries every story's requests to the in-browser linekit/server.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { axe, launchBrowser, pageLevelRules, root, screenshot, serveStatic, watchErrors } from './support.mjs'

const MOUNT = '/some/sub/folder/storybook/'
const staticDir = process.env.E2E_STORYBOOK_DIR ?? join(root, 'storybook-static')

let site
let browser
/** The Inbox story, opened once and shared by the tests that drive it (each with its own text). */
let inbox

before(async () => {
  if (!existsSync(join(staticDir, 'index.html'))) {
    // scripts/e2e.mjs builds it first; this keeps `node --test test/e2e/storybook.test.mjs` usable alone.
    const r = spawnSync('npx', ['storybook', 'build', '-o', staticDir, '--quiet'], { cwd: root, stdio: 'inherit' })
    assert.equal(r.status, 0, 'storybook build failed')
  }
  site = await serveStatic(staticDir, MOUNT)
  browser = await launchBrowser()
})
after(async () => {
  await inbox?.context.close()
  await browser?.close()
  await site?.close()
})

/**
 * Opens one story in the preview iframe page (what the manager embeds). The a11y addon's own axe
 * run after each render is off (`a11y.manual`): the tests below run axe themselves.
 */
async function openStory(id, viewMode = 'story') {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
  const page = await context.newPage()
  const errors = watchErrors(page)
  await page.goto(`${site.url}iframe.html?id=${id}&viewMode=${viewMode}&globals=a11y.manual:!true`)
  return { page, errors, context }
}

/** The Inbox story's page, opened on first use; later tests go on in the same page. */
async function inboxStory() {
  inbox ??= { ...(await openStory('inbox--inbox')), storyId: 'inbox--inbox' }
  return inbox
}

/**
 * Shows story `id` in the Inbox story's page through Storybook's own channel (no page load: the
 * preview disposes the story before, backend included, and renders this one).
 */
async function showStory(id) {
  const { page } = await inboxStory()
  if (inbox.storyId === id) return page
  await page.evaluate(
    (storyId) =>
      new Promise((resolve, reject) => {
        const channel = window.__STORYBOOK_ADDONS_CHANNEL__
        const timer = setTimeout(() => reject(new Error(`story ${storyId} did not render in 30 s`)), 30_000)
        const rendered = (renderedId) => {
          if (renderedId !== storyId) return
          clearTimeout(timer)
          channel.off('storyRendered', rendered)
          resolve()
        }
        channel.on('storyRendered', rendered)
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
      }),
    id,
  )
  inbox.storyId = id
  return page
}

describe('static Storybook served from a sub-folder', () => {
  test('the manager loads and lists the Inbox', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(site.url)
    await page
      .getByRole('button', { name: /^Inbox$/ })
      .or(page.getByRole('link', { name: /^Inbox$/ }))
      .first()
      .waitFor({ timeout: 30_000 })
    await page.frameLocator('#storybook-preview-iframe').locator('body').waitFor()
    await screenshot(page, 'storybook-manager')
    await context.close()
  })

  test('the MSW worker registers under the sub-folder and the Inbox story talks to the mock through linekit/server', async () => {
    const { page, errors } = await inboxStory()
    await page
      .getByRole('navigation', { name: /threads$/i })
      .getByRole('option')
      .nth(1)
      .waitFor({ timeout: 30_000 })
    const scopes = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    )
    assert.ok(
      scopes.some((s) => s.includes(MOUNT)),
      `a service worker is registered under ${MOUNT}: ${JSON.stringify(scopes)}`,
    )
    await screenshot(page, 'storybook-inbox')
    assert.deepEqual(errors, [])
  })

  /** Sends a new message from the Inbox story's conversation; returns the page and the text. */
  async function sendFromInbox() {
    const { page } = await inboxStory()
    const text = `Hello from the static Storybook ${Date.now()}`
    const conversation = page.getByRole('region', { name: /conversation$/i })
    const box = conversation.getByRole('textbox', { name: /^message/i }).first()
    await box.waitFor({ timeout: 30_000 })
    await box.fill(text)
    await conversation.getByRole('button', { name: /^send$/i }).click()
    return { page, text }
  }

  test('Inbox story: send a message, listed by the service', async () => {
    const { page, text } = await sendFromInbox()
    await page
      .locator('[data-direction="outbound"]:not([data-status="sending"]):not([data-status="failed"])', {
        hasText: text,
      })
      .last()
      .waitFor({ timeout: 15_000 })
    await screenshot(page, 'storybook-sent')
  })

  // See playground.test.mjs: the data layer stops polling once the record is listed.
  test('Inbox story: send a message and see it delivered', async () => {
    const { page, text } = await sendFromInbox()
    // The mock delivers after 1 s; the story's clock is not the page's, so the delivered status
    // comes with the server's next reading of the messages list (its reconciler, every 10 s).
    await page
      .locator('[data-direction="outbound"][data-status="delivered"]', { hasText: text })
      .last()
      .waitFor({ timeout: 30_000 })
    await screenshot(page, 'storybook-sent-delivered')
  })

  test('Inbox story: the mock panel injects an inbound message and rings a call that can be answered and hung up', async () => {
    const { page } = await inboxStory()
    const panel = page.getByRole('region', { name: /^Mock service/ })
    await panel.waitFor({ timeout: 30_000 })
    const text = `Panel says hi ${Date.now()}`
    await panel.getByRole('textbox', { name: 'Text' }).fill(text)
    await panel.getByRole('button', { name: 'Inject inbound message' }).click()
    await page.locator('[data-direction="inbound"]', { hasText: text }).last().waitFor({ timeout: 15_000 })
    await panel.getByRole('button', { name: 'Ring inbound call' }).click()
    await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 15_000 })
    await page.getByText(/In call with/).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Hang up' }).first().click()
    await page.getByText(/In call with/).waitFor({ state: 'detached', timeout: 15_000 })
    await screenshot(page, 'storybook-panel-call')
  })

  // In the Inbox story's page, one story after another.
  for (const id of ['inbox--inbox', 'inbox--dark-theme', 'inbox--brand-theme']) {
    test(`axe: ${id}`, async () => {
      const page = await showStory(id)
      await page
        .getByRole('navigation', { name: /threads$/i })
        .getByRole('option')
        .nth(1)
        .waitFor({ timeout: 30_000 })
      await screenshot(page, `storybook-${id}`)
      // A story frame shows a component alone: main landmark and h1 are the host page's job.
      const violations = await axe(page, { disableRules: pageLevelRules })
      assert.deepEqual(violations, [], `axe: ${JSON.stringify(violations, null, 2)}`)
    })
  }

  test('axe: the Theming docs page', async () => {
    const { page, context } = await openStory('theming--docs', 'docs')
    await page.getByRole('heading', { name: 'Theming', level: 1 }).waitFor({ timeout: 30_000 })
    // Three inbox stories on one page, each with its own mock backend behind MSW.
    const stories = page.locator('#storybook-docs .docs-story')
    await stories.nth(2).waitFor({ timeout: 30_000 })
    for (let i = 0; i < 3; i += 1) {
      await stories
        .nth(i)
        .getByRole('navigation', { name: /threads$/i })
        .getByRole('option')
        .nth(1)
        .waitFor({ timeout: 30_000 })
    }
    await screenshot(page, 'storybook-theming')
    // A docs page shows the same components three times, so their landmarks ("Incoming calls",
    // "Messages", …) repeat by design: landmark-unique is checked per story above instead.
    const violations = await axe(page, { disableRules: [...pageLevelRules, 'landmark-unique'] })
    assert.deepEqual(violations, [], `axe: ${JSON.stringify(violations, null, 2)}`)
    await context.close()
  })
})
