// The example as a developer runs it against the mock: `linekit-mock` (the installed package's
// command) with the app's webhook, `node server.js` and the Vite dev server proxying /api/linekit
// to it, in Chromium: the seeded thread, a message sent from the page, an inbound message live in
// under 2 s (mock → webhook POST → server.js → SSE through the proxy), an inbound call that rings
// and is answered with the fake audio engine; and, when `vite build` ran, its chunks.
// Run from examples/vite after `npm install` (and `npx vite build` for the last check): `npm test`.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { freePort, launchBrowser, ringAndAnswer, screenshot, watchErrors } from '../../../test/e2e/support.mjs'

const app = fileURLToPath(new URL('..', import.meta.url))
const SECRET = 'example-vite-secret'
const CUSTOMER = '+14155550124' // the README's <Conversation phoneNumber>: Ava, seeded with history

const children = []
let browser
let mockUrl
let url

/**
 * Starts `command` in the example's folder; resolves once its output matches `ready` (with the match).
 * Colour codes are stripped before matching: with `CI` set, Vite colours its banner (`Local` and the port arrive
 * wrapped in escapes), so the raw text would never match.
 */
function start(command, args, env, ready) {
  const child = spawn(command, args, { cwd: app, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out}`)), 60_000)
    const onData = (chunk) => {
      out += chunk
      const match = ready.exec(stripVTControlCharacters(out))
      if (match) {
        clearTimeout(timer)
        resolve(match)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => (out += chunk))
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${out}`)))
  })
}

/** The mock's control API (`/__mock/…`), throwing on a non-2xx. */
async function control(method, path, body) {
  const response = await fetch(`${mockUrl}/__mock${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`control ${method} ${path} → ${response.status} ${JSON.stringify(json)}`)
  return json
}

before(async () => {
  const [mockPort, apiPort, vitePort] = [await freePort(), await freePort(), await freePort()]
  const webhook = `http://127.0.0.1:${apiPort}/api/linekit/webhooks/${SECRET}`
  const bin = process.platform === 'win32' ? 'linekit-mock.cmd' : 'linekit-mock'
  const [, printed] = await start(
    `node_modules/.bin/${bin}`,
    ['--port', String(mockPort), '--webhook', webhook],
    {},
    /(LINEKIT_API_KEY=[\s\S]*LINEKIT_WEBHOOK_SECRET=\S+)\n/,
  )
  // The lines linekit-mock prints are the server's whole configuration.
  const env = Object.fromEntries(printed.split('\n').map((line) => line.split('=')))
  assert.equal(env.LINEKIT_WEBHOOK_SECRET, SECRET)
  mockUrl = env.LINEKIT_BASE_URL
  await start(process.execPath, ['server.js'], { ...env, PORT: String(apiPort) }, /linekit routes on/)
  await start(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(vitePort), '--strictPort', '--host', '127.0.0.1'],
    { API_PORT: String(apiPort) },
    /Local:/,
  )
  url = `http://127.0.0.1:${vitePort}`
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        }),
    ),
  )
})

test('the README page in the Vite dev server: history, send, receive live, answer with the fake engine', async () => {
  await control('POST', '/reset') // tests start from the seed; linekit-mock registers the webhook again
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchErrors(page)
  await page.goto(url)
  const conversation = page.getByRole('region', { name: /conversation/i })
  await conversation.waitFor({ timeout: 30_000 })
  // The quick start's number has seeded history.
  await conversation.getByText('Tomorrow before 5pm.').waitFor({ timeout: 20_000 })

  // Send a message: the service's record replaces the optimistic bubble.
  const sent = `Hello from the Vite example ${Date.now()}`
  await conversation.getByRole('textbox', { name: /^message/i }).fill(sent)
  await conversation.getByRole('button', { name: /^send$/i }).click()
  await page
    .locator('[data-direction="outbound"]:not([data-status="sending"]):not([data-status="failed"])', { hasText: sent })
    .last()
    .waitFor({ timeout: 20_000 })

  // An inbound message arrives live (webhook → SSE), in under 2 s: not the server's reconciler.
  const received = `Hi from the customer ${Date.now()}`
  const injectedAt = Date.now()
  await control('POST', '/inbound', { from: CUSTOMER, message: received, service: 'nativechat' })
  await page.locator('[data-direction="inbound"]', { hasText: received }).last().waitFor({ timeout: 20_000 })
  const liveMs = Date.now() - injectedAt
  assert.ok(liveMs < 2_000, `the inbound message took ${liveMs} ms to appear`)
  await screenshot(page, 'example-vite-conversation')

  // An inbound call rings in the banner and is answered; the fake engine connects at once.
  const call = await ringAndAnswer(page, control, CUSTOMER)
  await page.locator(`[data-call="${call.call_uuid}"][data-state="connected"]`).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Hang up' }).waitFor()
  const { calls } = await control('GET', '/calls')
  assert.equal(calls.find((c) => c.call_uuid === call.call_uuid)?.call_status, 'answered', 'the service saw the answer')
  await screenshot(page, 'example-vite-answered')
  assert.deepEqual(errors, [])
  await page.close()
})

test('vite build: the only chunk over Vite’s 500 kB is the lazy Agora SDK, named linekitAgoraSdk', (t) => {
  const assets = `${app}dist/assets`
  if (!existsSync(assets)) return t.skip('run `npx vite build` first')
  const big = readdirSync(assets).filter((f) => f.endsWith('.js') && statSync(`${assets}/${f}`).size > 500 * 1000)
  assert.equal(big.length, 1, `chunks over 500 kB: ${big.join(', ')}`)
  assert.match(big[0], /^linekitAgoraSdk-[\w-]+\.js$/)
})
