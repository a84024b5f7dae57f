// `npm start` in "real service" mode: LINEKIT_API_KEY, LINEKIT_BASE_URL and LINEKIT_APP_URL
// point at the standalone mock server (a separate process over real HTTP, standing in for the
// service), and the mock's webhooks are real POSTs to the playground's webhook route.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { launchBrowser, screenshot, startPlayground, startStandaloneMock, watchErrors } from './support.mjs'

const SECRET = 'e2e-webhook-secret'
let service
let playground
let browser

before(async () => {
  service = await startStandaloneMock()
  playground = await startPlayground({
    LINEKIT_API_KEY: 'lk_mock_production', // the seeded production key (mocks/README.md)
    LINEKIT_BASE_URL: service.url,
    LINEKIT_APP_URL: service.url,
    LINEKIT_WEBHOOK_SECRET: SECRET,
  })
  await service.control('POST', '/webhooks', {
    accountId: 'acct_production',
    url: `${playground.url}/api/linekit/webhooks/${SECRET}`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  browser = await launchBrowser()
})
after(async () => {
  await browser?.close()
  await playground?.close()
  await service?.close()
})

test('service mode: data over real HTTP, webhooks over real HTTP into SSE, no mock panel', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
  const errors = watchErrors(page)
  await page.goto(playground.url)
  const threads = page.getByRole('navigation', { name: /threads$/i })
  await threads
    .getByRole('option', { name: /\+14155550124/ })
    .first()
    .waitFor({ timeout: 20_000 })
  // The control API is not exposed by the playground in service mode.
  assert.equal(await page.getByRole('region', { name: /^Mock service/ }).count(), 0)
  const direct = await fetch(`${playground.url}/__mock/clock`)
  assert.ok(
    !(direct.headers.get('content-type') ?? '').includes('application/json'),
    '/__mock is not proxied in service mode',
  )

  const text = `Over real HTTP ${Date.now()}`
  await service.control('POST', '/inbound', { from: '+14155550124', message: text, service: 'nativechat' })
  await page.locator('[data-direction="inbound"]', { hasText: text }).last().waitFor({ timeout: 15_000 })
  const deliveries = await service.control('GET', '/webhooks/deliveries')
  assert.ok(
    deliveries.deliveries.some((d) => d.payload?.message === text && d.outcome === 'success' && d.status === 200),
    'the webhook was a real POST answered 200',
  )
  await screenshot(page, 'playground-service-mode')
  assert.deepEqual(errors, [])
  await page.close()
})
