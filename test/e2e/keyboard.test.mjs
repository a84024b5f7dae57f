// Keyboard alone, in Chromium: every flow is completed with Tab, Enter and Escape, and after
// each action focus lands on the next sensible control, never on the page body. Escape closes
// whatever popover, menu, tray or editor is open and returns focus to what opened it.
// The playground (`npm start`) for the composed page, the static Storybook for components the
// playground does not show.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { root, screenshot, serveStatic, usePlayground } from './support.mjs'
import { openPreview } from './preview.mjs'

const AVA = '+14155550124'
const FRESH_1 = '+14155550170'
const FRESH_2 = '+14155550172'
const BEN = '+14155550137'
const CALLER = '+14155550182'
const MAIN_LINE = '3f6c1a52-8d4e-4b7a-9c21-5e8f0a1b2c3d'

const e2e = usePlayground()
let site

before(async () => {
  const staticDir = process.env.E2E_STORYBOOK_DIR ?? join(root, 'storybook-static')
  if (existsSync(join(staticDir, 'index.html'))) site = await serveStatic(staticDir, '/')
})
after(async () => {
  await site?.close()
})

/** What has focus: role-ish kind, accessible-ish name, and whether it is the body. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body || el === document.documentElement) return { body: true, text: '<body>' }
    const tag = el.tagName.toLowerCase()
    const role =
      el.getAttribute('role') ||
      (tag === 'button'
        ? 'button'
        : tag === 'textarea' || (tag === 'input' && !['checkbox', 'radio', 'range'].includes(el.type))
          ? 'textbox'
          : tag === 'select'
            ? 'combobox'
            : tag)
    const name = (
      el.getAttribute('aria-label') ||
      (el.labels?.[0]?.textContent ?? '') ||
      (tag === 'button' ? el.textContent : '') ||
      el.getAttribute('placeholder') ||
      ''
    ).trim()
    return { body: false, role, name, text: `${role} "${name}"` }
  })
}

/**
 * Asserts focus is on a `role` whose name matches `name`, allowing up to 2 s for it to land:
 * dialogs and popovers return focus to their opener after they unmount, a task later.
 */
async function assertFocus(page, role, name, why) {
  let f = await focused(page)
  for (let i = 0; i < 20 && (f.body || f.role !== role || !name.test(f.name)); i += 1) {
    await page.waitForTimeout(100)
    f = await focused(page)
  }
  assert.ok(!f.body && f.role === role && name.test(f.name), `${why}: focus is on ${f.text}, expected ${role} ${name}`)
}

/** Presses Tab (or Shift+Tab) until focus is on `role` named `name`; fails after `max` presses. */
async function tabTo(page, role, name, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const f = await focused(page)
    if (!f.body && f.role === role && name.test(f.name)) return
  }
  assert.fail(`keyboard: never reached ${role} ${name} with ${back ? 'Shift+Tab' : 'Tab'}`)
}

/**
 * Reaches a message's action by keyboard: the thread is one tab stop (Shift+Tab from the message
 * box lands on it), End goes to the newest message, → walks its actions, and ↑ moves to an older
 * message when this one has no such action.
 */
async function arrowTo(page, role, name) {
  const inList = () => page.evaluate(() => Boolean(document.activeElement?.closest('.lk-MessageList')))
  for (let i = 0; i < 60 && !(await inList()); i += 1) await page.keyboard.press('Shift+Tab')
  assert.equal(await inList(), true, 'Shift+Tab reaches the thread')
  await page.keyboard.press('End')
  for (let message = 0; message < 8; message += 1) {
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('ArrowRight')
      const f = await focused(page)
      if (!f.body && f.role === role && name.test(f.name)) return
    }
    await page.keyboard.press('Escape')
    await page.keyboard.press('ArrowUp')
  }
  assert.fail(`keyboard: never reached ${role} ${name} with the arrow keys`)
}

describe('keyboard on the playground', () => {
  async function openInbox() {
    const { page } = await e2e.openInbox({}, { events: true })
    await page.getByRole('table').first().waitFor({ timeout: 20_000 })
    return page
  }

  /** Types and sends a message from the conversation's composer, by keyboard. */
  async function sendTyped(page, text) {
    await tabTo(page, 'textbox', /^message/i)
    await page.keyboard.type(text)
    await page.keyboard.press('Enter')
  }

  for (const action of ['Retry', 'Discard']) {
    test(`a failed message: ${action} by keyboard, focus returns to the message box`, async () => {
      const page = await openInbox()
      // Enough failures to outlast the automatic retries; cleared before Retry, which then succeeds.
      await e2e.control('POST', '/faults', { path: '/send-api-message', method: 'POST', status: 500, count: 10 })
      await sendTyped(page, `Will fail ${Date.now()}`)
      const button = page.getByRole('button', { name: action, exact: true })
      await button.waitFor({ timeout: 15_000 })
      await e2e.control('DELETE', '/faults')
      await arrowTo(page, 'button', new RegExp(`^${action}$`))
      await page.keyboard.press('Enter')
      await button.waitFor({ state: 'detached', timeout: 15_000 })
      await assertFocus(page, 'textbox', /^message/i, `after ${action}`)
    })
  }

  test('Escape closes the reaction menu and returns focus to its trigger', async () => {
    const page = await openInbox()
    await arrowTo(page, 'button', /^add a reaction$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('toolbar').first().waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('toolbar').first().waitFor({ state: 'detached', timeout: 3000 })
    await assertFocus(page, 'button', /^add a reaction$/i, 'after Escape in the reaction menu')
  })

  test("Escape closes the composer's options and returns focus to their button", async () => {
    const page = await openInbox()
    const conversation = page.getByRole('region', { name: /conversation$/i })
    const toggle = conversation.getByRole('button', { name: 'Attachment, effect and line' })
    await tabTo(page, 'button', /^attachment, effect and line$/i)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.querySelector('[aria-expanded="true"][aria-controls]'))
    await conversation.locator('.lk-MessageComposer-options :is(input, select)').first().waitFor()
    // Into the tray (it sits above the message box).
    for (let i = 0; i < 12; i += 1) {
      if (await page.evaluate(() => Boolean(document.activeElement?.closest('.lk-MessageComposer-options')))) break
      await page.keyboard.press('Shift+Tab')
    }
    assert.equal(
      await page.evaluate(() => Boolean(document.activeElement?.closest('.lk-MessageComposer-options'))),
      true,
      'Shift+Tab reaches the options',
    )
    await page.keyboard.press('Escape')
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes the options')
    await assertFocus(page, 'button', /^attachment, effect and line$/i, 'after Escape in the options')
  })

  test("group send by keyboard: focus returns to the group's message box", async () => {
    const page = await openInbox()
    await tabTo(page, 'button', /^group message$/i)
    await page.keyboard.press('Enter')
    await tabTo(page, 'combobox', /recipients/i)
    for (const n of [AVA, FRESH_1, FRESH_2]) {
      await page.keyboard.type(n)
      await page.keyboard.press('Enter')
    }
    await tabTo(page, 'textbox', /^message/i)
    await page.keyboard.type('Group hello by keyboard')
    await tabTo(page, 'button', /^send to group$/i)
    await page.keyboard.press('Enter')
    const side = page.getByRole('region', { name: /calls and groups$/i })
    await side.getByText(/New group created|Existing group reused/).waitFor({ timeout: 15_000 })
    // Sent: the message box is empty again, ready for the next one.
    await assertFocus(page, 'textbox', /^message/i, 'after a group send')
    assert.equal(await side.evaluate((el) => el.contains(document.activeElement)), true, 'in the group composer')
  })

  test('inbound call by keyboard: Answer → Hang up → focus back where it was', async () => {
    const page = await openInbox()
    await e2e.control('POST', '/calls/inbound', { from: CALLER, lineId: MAIN_LINE })
    await page.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 15_000 })
    await tabTo(page, 'button', /^answer$/i)
    await page.keyboard.press('Enter')
    await page.getByText(/In call with/).waitFor({ timeout: 15_000 })
    await assertFocus(page, 'button', /^hang up$/i, 'after Answer')
    await page.keyboard.press('Enter')
    await page.getByText(/In call with/).waitFor({ state: 'detached', timeout: 15_000 })
    const f = await focused(page)
    assert.ok(!f.body, 'after Hang up focus is not thrown to the page')
  })

  test('inbound call by keyboard: Decline → focus is not thrown to the page', async () => {
    const page = await openInbox()
    await e2e.control('POST', '/calls/inbound', { from: CALLER, lineId: MAIN_LINE })
    const decline = page.getByRole('button', { name: 'Decline', exact: true })
    await decline.waitFor({ timeout: 15_000 })
    await tabTo(page, 'button', /^decline$/i)
    await page.keyboard.press('Enter')
    await decline.waitFor({ state: 'detached', timeout: 15_000 })
    const f = await focused(page)
    assert.ok(!f.body, 'after Decline focus is not thrown to the page')
  })

  test('dialer by keyboard: Call → focus on Hang up → Hang up → focus stays in the dialer', async () => {
    const page = await openInbox()
    await tabTo(page, 'textbox', /phone number/i)
    await page.keyboard.type(BEN)
    // Call is enabled once the line's voice token is minted, which a keyboard user waits for too:
    // every test here is the same playground user, whose mints share one budget.
    await page
      .getByRole('button', { name: /^call$/i, disabled: false })
      .first()
      .waitFor({ timeout: 20_000 })
    await tabTo(page, 'button', /^call$/i)
    await page.keyboard.press('Enter')
    const side = page.getByRole('region', { name: /calls and groups$/i })
    await side.getByRole('button', { name: 'Hang up' }).waitFor({ timeout: 15_000 })
    await assertFocus(page, 'button', /^hang up$/i, 'after Call')
    await page.keyboard.press('Enter')
    await side
      .getByText(/Call ended/)
      .first()
      .waitFor({ timeout: 15_000 })
    const f = await focused(page)
    assert.ok(!f.body, 'after Hang up focus is not thrown to the page')
    assert.equal(await side.evaluate((el) => el.contains(document.activeElement)), true, `in the dialer (${f.text})`)
    await screenshot(page, 'keyboard-dialer-ended')
  })
})

describe('keyboard on components in the static Storybook', () => {
  let context
  async function open(id) {
    if (!site) throw new Error('no static Storybook: run scripts/e2e.mjs (it builds storybook-static)')
    await context?.close()
    context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await openPreview(context, site.url, id)
    await page
      .locator('#storybook-root')
      .focus()
      .catch(() => {})
    return page
  }
  after(() => context?.close())

  /** Asserts focus is inside the open dialog (the contact editor is a modal dialog). */
  async function assertFocusInDialog(page, why) {
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
    assert.ok(inside, `${why}: focus is on ${(await focused(page)).text}, expected inside the dialog`)
  }

  test('ContactCard: Edit → into the editor; Escape → Edit; Save → Edit; Cancel → Edit', async () => {
    const page = await open('contacts-contactcard--stored')
    await tabTo(page, 'button', /^edit$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await assertFocusInDialog(page, 'after Edit')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await assertFocus(page, 'button', /^edit$/i, 'after Escape in the editor')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await tabTo(page, 'textbox', /first name/i)
    await page.keyboard.type('x')
    await tabTo(page, 'button', /^save$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    await assertFocus(page, 'button', /^edit$/i, 'after Save')
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await tabTo(page, 'button', /^cancel$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await assertFocus(page, 'button', /^edit$/i, 'after Cancel')
  })

  test('ContactCard: Add contact → into the editor; Save → the card', async () => {
    const page = await open('contacts-contactcard--not-stored')
    await tabTo(page, 'button', /^add contact$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    await assertFocusInDialog(page, 'after Add contact')
    await tabTo(page, 'textbox', /first name/i)
    await page.keyboard.type('Keyboard')
    await tabTo(page, 'button', /^save$/i)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 })
    const f = await focused(page)
    assert.ok(!f.body, `after Save focus is not thrown to the page (${f.text})`)
  })

  test('EnrollFlowButton: open → workflow; Escape → opener; Enrol → Cancel run → Enrol', async () => {
    const page = await open('contacts-enrollflowbutton--closed')
    const opener = /^enrol in a workflow$/i
    await tabTo(page, 'button', opener)
    await page.keyboard.press('Enter')
    await page.getByRole('combobox').first().waitFor({ timeout: 10_000 })
    await assertFocus(page, 'combobox', /workflow/i, 'after opening the enrol panel')
    await page.keyboard.press('Escape')
    await page.getByRole('combobox').first().waitFor({ state: 'detached', timeout: 3000 })
    await assertFocus(page, 'button', opener, 'after Escape in the enrol panel')
    await page.keyboard.press('Enter')
    await page.getByRole('combobox').first().waitFor({ timeout: 10_000 })
    await assertFocus(page, 'combobox', /workflow/i, 'after opening the enrol panel again')
    await page.keyboard.press('ArrowDown')
    await tabTo(page, 'button', /^enrol$/i)
    await page.keyboard.press('Enter')
    const cancel = page.getByRole('button', { name: /^cancel run$/i })
    await cancel.waitFor({ timeout: 10_000 })
    await assertFocus(page, 'button', /^cancel run$/i, 'after Enrol')
    await page.keyboard.press('Enter')
    await page
      .getByText(/cancelled/i)
      .first()
      .waitFor({ timeout: 10_000 })
    await assertFocus(page, 'button', /^enrol$/i, 'after Cancel run')
  })
})
