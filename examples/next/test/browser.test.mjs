// The built example (`next build`, then `next start`) against the standalone mock service in
// Chromium: a message sent from the page; an inbound message that reaches the page live
// (mock → webhook POST → the app's route → SSE); an inbound call that rings and is answered.
// Run from examples/next after `npm ci && npx next build`: `npm test`.
import { spawn } from 'node:child_process'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { freePort, launchBrowser, screenshot, startStandaloneMock, watchErrors } from '../../../test/e2e/support.mjs'

const app = fileURLToPath(new URL('..', import.meta.url))
const SECRET = 'example-webhook-secret'
const CUSTOMER = '+14155550124' // the README's <Conversation phoneNumber>: Ava, seeded with history

let service
let server
let browser
let url

/** `next start` on a free port with the service's settings in the environment. */
async function startNext(env) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: app,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  await new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`next start did not start: ${out}`)), 60_000)
    child.stdout.on('data', (chunk) => {
      out += chunk
      // Without colour codes: with `CI` set, Next.js colours its banner as Vite does.
      if (/Ready in|started server|Local:/i.test(stripVTControlCharacters(out))) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`next start exited (${code}): ${out}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

before(async () => {
  service = await startStandaloneMock()
  server = await startNext({
    LINEKIT_API_KEY: 'lk_mock_production', // the mock's seeded production key (mocks/README.md)
    LINEKIT_BASE_URL: service.url,
    LINEKIT_APP_URL: service.url,
    LINEKIT_WEBHOOK_SECRET: SECRET,
  })
  url = server.url
  await service.control('POST', '/webhooks', {
    accountId: 'acct_production',
    url: `${url}/api/linekit/webhooks/${SECRET}`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.close()
  await service?.close()
})

test('the README page: send, receive live, answer a call', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const errors = watchErrors(page)
  await page.goto(url)
  const conversation = page.getByRole('region', { name: /conversation/i })
  await conversation.waitFor({ timeout: 30_000 })

  // Send a message: the service's record replaces the optimistic bubble.
  const sent = `Hello from the Next.js example ${Date.now()}`
  await conversation.getByRole('textbox', { name: /^message/i }).fill(sent)
  await conversation.getByRole('button', { name: /^send$/i }).click()
  await page
    .locator('[data-direction="outbound"]:not([data-status="sending"]):not([data-status="failed"])', { hasText: sent })
    .last()
    .waitFor({ timeout: 20_000 })
  const listed = await (
    await fetch(`${service.url}/get-messages-api?limit=20`, { headers: { authorization: 'Bearer lk_mock_production' } })
  ).json()
  assert.ok(JSON.stringify(listed).includes(sent), 'the service lists the sent message')

  // An inbound message arrives live: mock → webhook POST → the app's webhook route → SSE → page.
  const received = `Hi from the customer ${Date.now()}`
  await service.control('POST', '/inbound', { from: CUSTOMER, message: received, service: 'nativechat' })
  await page.locator('[data-direction="inbound"]', { hasText: received }).last().waitFor({ timeout: 20_000 })
  await screenshot(page, 'example-next-conversation')

  // An inbound call rings in the banner and is answered.
  const { call } = await service.control('POST', '/calls/inbound', { from: CUSTOMER })
  const answer = page.getByRole('button', { name: 'Answer' })
  await answer.waitFor({ timeout: 20_000 })
  await screenshot(page, 'example-next-ringing')
  await answer.click()
  let status
  for (let i = 0; i < 50 && status !== 'answered'; i++) {
    const { calls } = await service.control('GET', '/calls')
    status = calls.find((c) => c.call_uuid === call.call_uuid)?.call_status
    if (status !== 'answered') await new Promise((r) => setTimeout(r, 200))
  }
  assert.equal(status, 'answered', 'the service saw the answer')
  await page.getByRole('button', { name: 'Answer' }).waitFor({ state: 'detached', timeout: 20_000 })
  await screenshot(page, 'example-next-answered')
  assert.deepEqual(errors, [])
  await page.close()
})
