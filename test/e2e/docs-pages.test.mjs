// Docs pages of the static Storybook show every story of a component in the docs column: none
// may collapse there (a list squeezed into a 16 px column fails even when its stories pass).
// The stories' own pictures are taken in the Storybook vitest project (test/setup-storybook.ts).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchBrowser, root, serveStatic } from './support.mjs'
import { settle } from './preview.mjs'

const staticDir = process.env.E2E_STORYBOOK_DIR ?? join(root, 'storybook-static')
if (!existsSync(join(staticDir, 'index.json'))) {
  const r = spawnSync('npx', ['storybook', 'build', '-o', staticDir, '--quiet'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('storybook build failed')
}
/** A block-level component narrower than this has collapsed (e.g. in a flex row). */
const minRootWidth = 200

let site
let browser
let context

before(async () => {
  site = await serveStatic(staticDir, '/')
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })
})
after(async () => {
  await browser?.close()
  await site?.close()
})

const docsPages = Object.values(JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')).entries)
  .filter((e) => e.type === 'docs' && e.title.includes('/'))
  .map((e) => e.id)
  // E2E_DOCS=dialer,messagelist: only docs pages whose id contains one of these (while iterating).
  .filter((id) => !process.env.E2E_DOCS || process.env.E2E_DOCS.split(',').some((s) => id.includes(s)))

// Two pages at a time: a page mostly waits on its stories' backends and settling, not on the CPU.
describe('docs pages', { concurrency: 2 }, () => {
  for (const id of docsPages) {
    test(`${id}: every component renders at a usable width`, async () => {
      const page = await context.newPage()
      try {
        await page.goto(`${site.url}iframe.html?id=${id}&viewMode=docs&globals=a11y.manual:!true`)
        const stories = page.locator('#storybook-docs .docs-story')
        await stories.first().waitFor({ timeout: 30_000 })
        await settle(page)
        const collapsed = await page.evaluate((min) => {
          // Component roots only (as kitRoots in test/setup-storybook.ts).
          const isKit = (el) =>
            [...el.classList].some(
              (c) => /^lk-[A-Z][A-Za-z]*$/.test(c) && !['lk-Button', 'lk-Field', 'lk-Notice'].includes(c),
            )
          const insideKit = (el) => {
            for (let p = el.parentElement; p; p = p.parentElement) if (isKit(p)) return true
            return false
          }
          return [...document.querySelectorAll('#storybook-docs .docs-story [class*="lk-"]')]
            .filter((el) => isKit(el) && !insideKit(el))
            .map((el) => ({ el, box: el.getBoundingClientRect(), display: getComputedStyle(el).display }))
            .filter(({ box, display }) => !display.startsWith('inline') && box.height > 0 && box.width < min)
            .map(({ el, box }) => `${el.className} ${Math.round(box.width)} px`)
        }, minRootWidth)
        assert.deepEqual(collapsed, [], `${id}: collapsed components`)
      } finally {
        await page.close()
      }
    })
  }
})
