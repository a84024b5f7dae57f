// linekit on React 18.3, in Chromium, in the Vite dev server (development React, which prints the warnings a
// production build hides): the <Inbox> prefab with a thread open (the message list's measured rows) and every
// hook's custom markup of docs/hooks.md, with no console error or warning and no uncaught exception.
// The same files are type-checked against @types/react 18 by `npm run typecheck` (the hooks' prop bags spread onto
// elements). Run from examples/react18 after `npm install`: `npm test`.
import { spawn } from 'node:child_process'
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { freePort, launchBrowser, screenshot } from '../../../test/e2e/support.mjs'

const app = fileURLToPath(new URL('..', import.meta.url))
const AVA = /\+14155550124|Ava/ // seeded: native chat, history with the main line

let vite
let browser
let url

before(async () => {
  const port = await freePort()
  vite = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`vite did not start: ${out}`)), 60_000)
    const onData = (chunk) => {
      out += chunk
      if (/Local:/.test(stripVTControlCharacters(out))) {
        clearTimeout(timer)
        resolve()
      }
    }
    vite.stdout.on('data', onData)
    vite.stderr.on('data', (chunk) => (out += chunk))
    vite.once('exit', (code) => reject(new Error(`vite exited (${code}): ${out}`)))
  })
  url = `http://127.0.0.1:${port}`
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  if (vite && vite.exitCode === null) {
    const exited = new Promise((resolve) => vite.once('exit', resolve))
    vite.kill('SIGTERM')
    await exited
  }
})

test('React 18.3: the Inbox and the hooks’ custom markup render and work with no warning', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } })
  const problems = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`)
  })
  await page.goto(url)
  await page.locator('html[data-react-version]').waitFor({ timeout: 30_000 })
  assert.match(await page.locator('html').getAttribute('data-react-version'), /^18\.3\./)

  // The custom inbox: a thread with unread messages loses its count once opened (markRead), as in <ConversationList>.
  const custom = page.getByRole('list', { name: 'Threads' })
  const unread = custom
    .locator('li[data-kind="direct"]')
    .getByRole('button', { name: /\d+ unread/ })
    .first()
  await unread.waitFor({ timeout: 30_000 })
  const title = (await unread.textContent()).replace(/\s*\(\d+ unread\)\s*$/, '')
  const opened = custom.locator('li[data-kind="direct"]').getByRole('button', { name: title }).first()
  await opened.click()
  const thread = page.getByRole('region', { name: `Thread with ${title}` })
  await thread.getByRole('listitem').first().waitFor({ timeout: 20_000 })
  await page.waitForFunction(
    (button) => button && !/unread/.test(button.textContent ?? ''),
    await opened.elementHandle(),
    {
      timeout: 20_000,
    },
  )

  // The prefab: open Ava's thread; its messages are the list's measured rows.
  const threads = page.getByRole('navigation', { name: /threads$/i })
  await threads.getByRole('option', { name: AVA }).first().click({ timeout: 30_000 })
  const conversation = page.getByRole('region', { name: /conversation/i }).first()
  await conversation.getByText('Tomorrow before 5pm.').waitFor({ timeout: 20_000 })

  // A message sent from the custom composer shows in the custom thread.
  const sent = `Hello from React 18 ${Date.now()}`
  await thread.getByRole('textbox', { name: 'Message' }).fill(sent)
  await thread.getByRole('button', { name: 'Send' }).click()
  await thread.getByText(sent).waitFor({ timeout: 20_000 })

  // The custom dialer's input takes the number through its prop bag (value, onChange, ref).
  const number = page.getByRole('form', { name: 'Call a number' }).getByRole('textbox', { name: 'Number' })
  await number.fill('4155550124')
  await page.waitForFunction(
    (input) => input && input.value.replace(/\D/g, '').endsWith('4155550124'),
    await number.elementHandle(),
  )
  await page.getByRole('region', { name: 'Call log', exact: true }).waitFor()

  await screenshot(page, 'example-react18')
  assert.deepEqual(problems, [])
  await page.close()
})
