// Pictures of every story of the static Storybook — at 1280 px and 390 px wide, in the dark
// theme (prefers-color-scheme: dark) and in forced colors (Windows High Contrast) — compared
// with the committed baselines in test/e2e/__baselines__/. A story must also render its
// component at a usable width: a list collapsed into a 16 px column fails here even when the
// story's own checks pass.
// Regenerate the baselines after an intended change of looks: `node scripts/e2e.mjs --update-baselines`.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchBrowser, root, serveStatic } from './support.mjs'
import { compareWithBaseline, kitRoots, openPreview, renderStory, settle, updateBaselines } from './pictures.mjs'

const staticDir = process.env.E2E_STORYBOOK_DIR ?? join(root, 'storybook-static')
if (!existsSync(join(staticDir, 'index.json'))) {
  const r = spawnSync('npx', ['storybook', 'build', '-o', staticDir, '--quiet'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('storybook build failed')
}
const stories = Object.values(JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')).entries)
  .filter((e) => e.type === 'story')
  .map((e) => e.id)
  // E2E_STORIES=messagelist,dialer: only stories whose id contains one of these (while iterating).
  .filter((id) => !process.env.E2E_STORIES || process.env.E2E_STORIES.split(',').some((s) => id.includes(s)))

/**
 * Stories whose linekit element is empty on purpose: the banner with no call (alone, or under the
 * notifications hook's own bar of plain buttons).
 */
const emptyByDesign = new Set(['calling-inboundcallbanner--empty', 'messaging-notifications--default'])
/** A block-level component narrower than this at 1280 px has collapsed (e.g. in a flex row). */
const minRootWidth = 200

let site
let browser
const pages = {}

before(async () => {
  site = await serveStatic(staticDir, '/')
  browser = await launchBrowser()
  // One page per viewport; each renders every story in turn, without reloading.
  const open = async (width, height) => {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' })
    return openPreview(context, site.url, stories[0])
  }
  ;[pages.desktop, pages.phone] = await Promise.all([open(1280, 800), open(390, 844)])
})
after(async () => {
  await browser?.close()
  await site?.close()
})

/**
 * Renders `id` on `page`, then takes one picture per media setting; returns the differences and
 * the kit's root elements as first rendered.
 */
async function pictures(page, id, shots) {
  await renderStory(page, id)
  const roots = await kitRoots(page)
  const problems = []
  for (const [suffix, media] of shots) {
    if (media) {
      await page.emulateMedia(media)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    }
    const problem = compareWithBaseline(`${id}--${suffix}`, await page.screenshot({ animations: 'disabled' }))
    if (problem) problems.push(problem)
  }
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' })
  return { problems, roots }
}

describe(`pictures of every story${updateBaselines ? ' (updating baselines)' : ''}`, () => {
  for (const id of stories) {
    test(id, async () => {
      const [desktop, phone] = await Promise.all([
        pictures(pages.desktop, id, [
          ['1280', null],
          ['1280-dark', { colorScheme: 'dark' }],
        ]),
        pictures(pages.phone, id, [
          ['390', null],
          ['390-forced-colors', { forcedColors: 'active' }],
        ]),
      ])
      const roots = desktop.roots
      if (!emptyByDesign.has(id)) {
        assert.ok(roots.length > 0, `${id}: no linekit element rendered`)
        assert.ok(
          roots.some((r) => r.height > 0 && r.width > 0),
          `${id}: blank canvas: ${JSON.stringify(roots)}`,
        )
      }
      const collapsed = roots.filter((r) => !r.display.startsWith('inline') && r.height > 0 && r.width < minRootWidth)
      assert.deepEqual(collapsed, [], `${id}: block-level components narrower than ${minRootWidth} px at 1280 px`)
      assert.deepEqual([...desktop.problems, ...phone.problems], [], 'pictures differ from the baselines')
    })
  }
})

// Docs pages show every story of a component in the docs column: none may collapse there either.
const docsPages = Object.values(JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')).entries)
  .filter((e) => e.type === 'docs' && e.title.includes('/'))
  .map((e) => e.id)
  .filter((id) => !process.env.E2E_STORIES || process.env.E2E_STORIES.split(',').some((s) => id.includes(s)))

describe('docs pages', () => {
  for (const id of docsPages) {
    test(`${id}: every component renders at a usable width`, async () => {
      const page = await pages.desktop.context().newPage()
      try {
        await page.goto(`${site.url}iframe.html?id=${id}&viewMode=docs&globals=a11y.manual:!true`)
        const stories = page.locator('#storybook-docs .docs-story')
        await stories.first().waitFor({ timeout: 30_000 })
        await settle(page)
        const collapsed = await page.evaluate((min) => {
          // Component roots only (see kitRoots in pictures.mjs).
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
