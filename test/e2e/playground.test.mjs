// End-to-end against `npm start`: the playground's Vite dev server (linekit/server as
// middleware, the in-process mock as upstream) driven by Debian's Chromium, on the playground's
// page built from the same sources (one test loads the dev server's own page).
// Each test resets the mock to its seed and opens a fresh page.
import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { axe, screenshot, usePlayground } from './support.mjs'

// Seeded people and lines (mocks/service/seed.ts).
const AVA = '+14155550124' // native chat, history with the main line
const BEN = '+14155550137' // SMS only
// A participant set the seed has no group for (the seed's team lunch is Ava, Cara and Dan).
const FRESH_1 = '+14155550170'
const FRESH_2 = '+14155550172'
const CALLER = '+14155550182'
const DIALED = '+14155550174' // nobody in the seed: a call-log row for it can only come from this run
const MAIN_LINE = '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'

const e2e = usePlayground()
const openInbox = () => e2e.openInbox({ viewport: { width: 1400, height: 1000 } })

/** Presses Tab until the focused element matches `check` (keyboard only); fails after `max` presses. */
async function tabTo(page, description, check, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab')
    const hit = await page.evaluate(check)
    if (hit) return
  }
  assert.fail(`keyboard: never reached ${description} with Tab`)
}
const focusedIs = (role, name) =>
  new Function(
    `const el = document.activeElement; if (!el) return false;
     const label = (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || '').trim();
     const r = el.getAttribute('role') || (el.tagName === 'BUTTON' ? 'button' : el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && el.type !== 'checkbox') ? 'textbox' : el.tagName.toLowerCase());
     return r === ${JSON.stringify(role)} && new RegExp(${JSON.stringify(name)}, 'i').test(label)`,
  )

/** Types a fresh message into the conversation's composer and sends it; returns its text. */
async function sendFromConversation(page) {
  const text = `Hello from e2e ${Date.now()}`
  const conversation = page.getByRole('region', { name: /conversation$/i })
  await conversation
    .getByRole('textbox', { name: /^message/i })
    .first()
    .fill(text)
  await conversation.getByRole('button', { name: /^send$/i }).click()
  return text
}

describe('npm start serves the kit from source', () => {
  // The other files drive the same app built (one file per chunk, not ~400 modules): this is the
  // page a developer gets from `npm start`, each module served by Vite from the sources.
  const dev = usePlayground({ dev: true })

  test('the inbox loads from the dev server, module by module, with no page errors', async () => {
    const { page, errors } = await dev.openInbox()
    // The first 250 resources the page loaded (the browser's default buffer): enough for these.
    const modules = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    assert.ok(modules.includes('/@vite/client'), 'served by the Vite dev server')
    assert.ok(
      modules.some((path) => path.endsWith('/src/index.ts')),
      `the kit's source modules are served one by one: ${modules.slice(0, 10).join(', ')}`,
    )
    await page.getByRole('table').first().waitFor()
    assert.deepEqual(errors, [])
  })
})

describe('playground (npm start)', () => {
  test('the inbox loads, with every part of the kit and no axe violations', async () => {
    const { page, errors } = await openInbox()
    const conversation = page.getByRole('region', { name: /conversation$/i })
    await conversation
      .getByRole('textbox', { name: /message/i })
      .first()
      .waitFor()
    await page.getByRole('button', { name: /^call$/i }).waitFor()
    await page.getByRole('table').first().waitFor()
    await screenshot(page, 'playground-inbox')
    const violations = await axe(page)
    assert.deepEqual(violations, [], `axe: ${JSON.stringify(violations, null, 2)}`)
    assert.deepEqual(errors, [])
  })

  test('send a message: it is listed by the service', async () => {
    const { page } = await openInbox()
    const text = await sendFromConversation(page)
    // The service's record replaces the optimistic bubble (it has a service status, not `sending`).
    await page
      .locator('[data-direction="outbound"]:not([data-status="sending"]):not([data-status="failed"])', {
        hasText: text,
      })
      .last()
      .waitFor({ timeout: 15_000 })
    await screenshot(page, 'playground-sent')
  })

  // The mock moves an outbound message pending → delivered after 1 s, but no webhook announces
  // a status change, and the data layer (src/hooks/useThread.ts) polls only until the record is
  // listed: the bubble stays `pending` until something else refetches the thread.
  test('send a message and see it delivered', async () => {
    const { page } = await openInbox()
    const text = await sendFromConversation(page)
    await page.locator('[data-direction="outbound"]', { hasText: text }).last().waitFor({ timeout: 10_000 })
    // The mock delivers after 1 s; 10 s is plenty on a busy machine.
    await page
      .locator('[data-direction="outbound"][data-status="delivered"]', { hasText: text })
      .last()
      .waitFor({ timeout: 10_000 })
    await screenshot(page, 'playground-sent-delivered')
  })

  test('react to an inbound message that arrives over webhook → SSE', async () => {
    const { page } = await openInbox()
    const text = `React to me ${Date.now()}`
    await e2e.control('POST', '/inbound', { from: AVA, message: text, lineId: MAIN_LINE, service: 'nativechat' })
    const bubble = page.locator('[data-direction="inbound"]', { hasText: text }).last()
    await bubble.waitFor({ timeout: 15_000 })
    // The React button sits with the message it belongs to.
    const item = page.locator('.lk-MessageList-item, [role="listitem"], li', { has: bubble }).last()
    await item.getByRole('button', { name: 'React' }).click()
    await item.getByRole('button', { name: 'Love' }).click()
    await item.getByText('Reaction sent.').waitFor({ timeout: 10_000 })
    await screenshot(page, 'playground-reaction')
  })

  test('a group send creates a thread, the same recipients reuse it', async () => {
    const { page } = await openInbox()
    await page.getByRole('button', { name: 'Group message' }).click()
    const form = page.getByRole('form', { name: 'New group message' })
    const sendTo = async (message) => {
      const recipients = form.getByRole('combobox', { name: 'Add recipients' })
      for (const n of [AVA, FRESH_1, FRESH_2]) {
        await recipients.fill(n)
        await recipients.press('Enter')
      }
      await form.getByRole('textbox', { name: /^message/i }).fill(message)
      await form.getByRole('button', { name: 'Send to group' }).click()
    }
    await sendTo('Group hello 1')
    await form.getByText('New group created').waitFor({ timeout: 15_000 })
    // The result names people and states; the pbg_ id is only a data attribute.
    const groupId = await form.getByText('New group created').getAttribute('data-group-id')
    assert.match(groupId ?? '', /^pbg_/)
    await screenshot(page, 'playground-group-created')
    // The form resets after a send; send again to the same people (another order of typing is fine).
    await sendTo('Group hello 2')
    await form.getByText(/^Existing group/).waitFor({ timeout: 15_000 })
    const again = await form.getByText(/^Existing group/).getAttribute('data-group-id')
    assert.equal(again, groupId, 'the same participants resolve to the same thread')
    await screenshot(page, 'playground-group-reused')
  })

  test('an inbound call rings, is answered, and ends', async () => {
    const { page } = await openInbox()
    await e2e.control('POST', '/calls/inbound', { from: CALLER, lineId: MAIN_LINE })
    const answer = page.getByRole('button', { name: 'Answer', exact: true })
    await answer.waitFor({ timeout: 15_000 })
    await screenshot(page, 'playground-call-ringing')
    await answer.click()
    await page.getByText(/In call with/).waitFor({ timeout: 15_000 })
    await screenshot(page, 'playground-call-answered')
    await page.getByRole('button', { name: 'Hang up' }).first().click()
    await page.getByRole('button', { name: 'Answer', exact: true }).waitFor({ state: 'detached', timeout: 15_000 })
    await page.getByText(/In call with/).waitFor({ state: 'detached', timeout: 15_000 })
    // Hang up leaves the audio and dismisses the call at once, then ends it at the service
    // (useInboundCallActions.ts): the request may still be on its way, so wait for the service's
    // state, up to 15 s like the waits above.
    const deadline = Date.now() + 15_000
    let call
    for (;;) {
      call = (await e2e.control('GET', '/calls')).calls.find((c) => c.from === CALLER)
      if (!['ringing', 'answered'].includes(call?.call_status) || Date.now() > deadline) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.ok(call, 'the mock knows the call')
    assert.notEqual(call.call_status, 'ringing')
    assert.notEqual(call.call_status, 'answered')
  })

  test('placing a call shows it in the call log', async () => {
    const { page } = await openInbox()
    const dialer = page.getByRole('region', { name: /calls and groups$/i })
    await dialer.getByRole('textbox', { name: 'Phone number' }).fill(DIALED)
    await dialer.getByRole('button', { name: /^call$/i }).click()
    await dialer.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 })
    await screenshot(page, 'playground-outbound-call')
    await dialer.getByRole('button', { name: 'Hang up' }).click()
    await dialer
      .getByText(/Call ended/)
      .first()
      .waitFor({ timeout: 15_000 })
    const log = page.getByRole('region', { name: /call log$/i })
    await log
      .getByText(/\+14155550174|\(415\) 555-0174|415.555.0174/)
      .first()
      .waitFor({ timeout: 20_000 })
    await screenshot(page, 'playground-call-log')
  })

  test('a voice-token refusal is shown to the user', async () => {
    await e2e.control('POST', '/faults', {
      path: '/api/v1/dialer/token',
      method: 'POST',
      status: 402,
      count: 50,
      body: { error: 'Account past due', code: 'account_paywalled' },
    })
    const { page } = await openInbox()
    const dialer = page.getByRole('region', { name: /calls and groups$/i })
    const refusal = dialer.locator('[data-code="account_paywalled"]')
    await refusal.first().waitFor({ timeout: 20_000 })
    assert.match((await refusal.first().textContent()) ?? '', /\S/, 'the refusal has words for the user')
    await screenshot(page, 'playground-mint-refused')
  })

  test('keyboard only: composer, inbound-call banner and dialer', async () => {
    const { page } = await openInbox()
    // Composer: Tab to the message box, type, Enter sends.
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    await tabTo(page, 'the message box', focusedIs('textbox', '^message'))
    const text = `Typed only ${Date.now()}`
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
    await page.locator('[data-direction="outbound"]', { hasText: text }).last().waitFor({ timeout: 10_000 })

    // Banner: a call rings; Tab to Answer, Enter; Tab to Hang up, Enter.
    await e2e.control('POST', '/calls/inbound', { from: CALLER, lineId: MAIN_LINE })
    await page.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 15_000 })
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    await tabTo(page, 'the Answer button', focusedIs('button', '^answer$'))
    await page.keyboard.press('Enter')
    await page.getByText(/In call with/).waitFor({ timeout: 15_000 })
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    await tabTo(page, 'the Hang up button', focusedIs('button', '^hang up$'))
    await page.keyboard.press('Enter')
    await page.getByText(/In call with/).waitFor({ state: 'detached', timeout: 15_000 })

    // Dialer: Tab to the number, type it, Tab to Call, Enter.
    await page.locator('body').click({ position: { x: 1, y: 1 } })
    await tabTo(page, 'the phone number box', focusedIs('textbox', 'phone number'))
    await page.keyboard.type(BEN)
    await tabTo(page, 'the Call button', focusedIs('button', '^call$'))
    await page.keyboard.press('Enter')
    const dialer = page.getByRole('region', { name: /calls and groups$/i })
    await dialer.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 })
    await screenshot(page, 'playground-keyboard')
  })
})
