// The README's "Develop against the mock" with this app, as a developer runs it: `linekit-mock` (the installed
// package's command) with the app's webhook, `next dev` with the lines it prints, and an inbound call answered in
// Chromium. `next dev` is a development build, so `Support.tsx` picks the fake audio engine: the call connects, with
// no "couldn't connect" (the production build of browser.test.mjs picks Agora, which refuses the mock's credentials).
// Run from examples/next after `npm install`: `node test/dev.test.mjs` (no `next build` needed; `npm test` runs it
// after browser.test.mjs).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import {
  freePort,
  launchBrowser,
  mockControl,
  ringAndAnswer,
  screenshot,
  startCommand,
  watchErrors,
} from '../../../test/e2e/support.mjs'

const app = fileURLToPath(new URL('..', import.meta.url))
const SECRET = 'dev-secret' // the README's --webhook
const CUSTOMER = '+14155550124' // the README's <Conversation phoneNumber>: Ava, seeded with history

const started = []
let browser
let control
let url

before(async () => {
  // Free ports where the README says 4010 and 3000: other checks may run beside this one.
  const [mockPort, appPort] = [await freePort(), await freePort()]
  const mock = await startCommand(
    'node_modules/.bin/linekit-mock',
    ['--port', String(mockPort), '--webhook', `http://127.0.0.1:${appPort}/api/linekit/webhooks/${SECRET}`],
    { cwd: app, ready: /(LINEKIT_API_KEY=[\s\S]*LINEKIT_WEBHOOK_SECRET=\S+)\n/ },
  )
  started.push(mock)
  // The lines linekit-mock prints for `.env.local` are the server's whole configuration.
  const env = Object.fromEntries(mock.match[1].split('\n').map((line) => line.split('=')))
  assert.equal(env.LINEKIT_WEBHOOK_SECRET, SECRET)
  control = mockControl(env.LINEKIT_BASE_URL)
  started.push(
    await startCommand(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'dev', '-p', String(appPort), '-H', '127.0.0.1'],
      { cwd: app, env: { ...env, NEXT_TELEMETRY_DISABLED: '1' }, ready: /Ready in/ },
    ),
  )
  url = `http://127.0.0.1:${appPort}`
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await Promise.all(started.map((child) => child.stop()))
})

test('next dev against linekit-mock: an answered inbound call connects its audio (the fake engine)', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchErrors(page)
  // `next dev` compiles the page, then the API route, on their first requests: tens of seconds on a busy 2-core
  // machine from a cold cache. The seeded history shows once both are compiled and the page is hydrated.
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 })
  const conversation = page.getByRole('region', { name: /conversation/i })
  await conversation.getByText('Tomorrow before 5pm.').waitFor({ timeout: 120_000 })
  // A call rings once, through the live stream (mock → webhook → the app's route → SSE): wait until a message
  // arrives that way, so the page is listening when the call rings.
  const live = `Calling you now ${Date.now()}`
  await control('POST', '/inbound', { from: CUSTOMER, message: live, service: 'nativechat' })
  await page.locator('[data-direction="inbound"]', { hasText: live }).last().waitFor({ timeout: 60_000 })

  const call = await ringAndAnswer(page, control, CUSTOMER)
  // Connected, or the audio engine's failure (Agora refusing the mock's credentials) — whichever shows first.
  const connected = page.locator(`[data-call="${call.call_uuid}"][data-state="connected"]`)
  const failed = page.getByText(/couldn.t connect/i)
  await connected.or(failed).first().waitFor({ timeout: 20_000 })
  assert.equal(await failed.count(), 0, 'the call audio connected (no "couldn\'t connect")')
  await page.getByRole('button', { name: 'Hang up' }).waitFor()
  await screenshot(page, 'example-next-dev-answered')
  assert.deepEqual(errors, [])
  await page.close()
})
