// The story backend in Node, without a browser: one mock + the real linekit/server, requests
// as MSW would hand them over, webhooks into the SSE route.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { getResponse } from 'msw'
import { tsImport } from 'tsx/esm/api'

// The stories' TypeScript support, compiled by tsx for this file alone (the other e2e files are
// plain JavaScript and run without a loader).
const { createStoryBackend } = await tsImport('../../stories/support/createStoryBackend.ts', import.meta.url)
const { setups, storyNumbers } = await tsImport('../../stories/support/setups.ts', import.meta.url)

const origin = 'http://localhost:6006'

/** Reads SSE chunks until `predicate(text)` holds or `ms` pass. */
async function readUntil(body, predicate, ms = 3000) {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + ms
  while (!predicate(text) && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise((r) => setTimeout(() => r({ timeout: true }), deadline - Date.now())),
    ])
    if (chunk.timeout || chunk.done) break
    text += decoder.decode(chunk.value)
  }
  await reader.cancel()
  return text
}

test('requests under the backend prefix reach the mock through linekit/server; other prefixes are not handled', async () => {
  const a = await createStoryBackend()
  const b = await createStoryBackend()
  assert.notEqual(a.prefix, b.prefix)
  const lines = await getResponse(a.handlers, new Request(`${origin}${a.prefix}/get-lines`))
  assert.equal(lines?.status, 200)
  assert.ok(Array.isArray(await lines.json()))
  assert.equal(await getResponse(a.handlers, new Request(`${origin}${b.prefix}/get-lines`)), undefined)
  // A POST without Origin (as the service worker hands it over) still passes the CSRF check.
  const send = await getResponse(
    a.handlers,
    new Request(`${origin}${a.prefix}/send-api-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: storyNumbers.chat, message: 'hi from node' }),
    }),
  )
  assert.equal(send?.status, 200, await send?.clone().text())
  a.dispose()
  b.dispose()
})

test('mock webhooks reach the SSE route, also after a control reset', async () => {
  const backend = await createStoryBackend()
  const open = async () => {
    const response = await getResponse(backend.handlers, new Request(`${origin}${backend.prefix}/events`))
    assert.equal(response?.status, 200)
    return response
  }
  let stream = await open()
  await backend.eventsConnected()
  await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'first event' })
  assert.match(await readUntil(stream.body, (t) => t.includes('first event')), /event: message[\s\S]*first event/)

  await backend.control.reset()
  stream = await open()
  await backend.control.injectInboundMessage({ from: storyNumbers.chat, message: 'after reset' })
  assert.match(await readUntil(stream.body, (t) => t.includes('after reset')), /after reset/)
  assert.ok(backend.webhookLog.every((w) => w.status === 200))
  backend.dispose()
})

test('setups: trial account, SMS-only destination, rate limited, mint error', async () => {
  const trial = await createStoryBackend({ account: 'trial' })
  const lines = await (await getResponse(trial.handlers, new Request(`${origin}${trial.prefix}/get-lines`))).json()
  assert.equal(Array.isArray(lines) ? 'array' : lines.trial, true, 'trial accounts list the trial descriptor')

  const sms = await createStoryBackend({ setup: setups.smsOnly(storyNumbers.chat) })
  const availability = await getResponse(
    sms.handlers,
    new Request(`${origin}${sms.prefix}/api-check-native-availability`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: storyNumbers.chat }),
    }),
  )
  assert.equal((await availability.json()).available, false)

  const limited = await createStoryBackend({ setup: setups.rateLimited() })
  const refused = await getResponse(limited.handlers, new Request(`${origin}${limited.prefix}/get-lines`))
  assert.equal(refused?.status, 429)
  assert.ok(refused.headers.get('retry-after'))

  const mint = await createStoryBackend({ setup: setups.mintError('dialer_cap_reached') })
  const token = await getResponse(
    mint.handlers,
    new Request(`${origin}${mint.prefix}/dialer/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lineId: mint.account.lines[0].lineId }),
    }),
  )
  assert.equal(token?.status, 402)
  assert.equal((await token.json()).code, 'dialer_cap_reached')
  for (const b of [trial, sms, limited, mint]) b.dispose()
})
