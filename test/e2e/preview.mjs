// The static Storybook's preview page for e2e tests: a story opened in the preview iframe page,
// at the stories' fixed clock, with its events recorded and nothing moving under the test.

/** No animations, transitions or blinking caret: what a test sees does not move under it. */
const stabilizingCss = `
*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
`

/**
 * Every story starts at this wall-clock time (the mock seeds its history relative to "now", and
 * call logs print minutes): Playwright's clock, set back to it before each story, then running.
 */
const storyTime = new Date('2026-03-02T10:00:00Z')

/** Storybook channel events the page records (the channel is hooked before Storybook creates it). */
const recordedEvents = [
  'storyFinished',
  'storyErrored',
  'storyThrewException',
  'playFunctionThrewException',
  'storyMissing',
]

/** Opens the preview iframe page on `firstId` in `context`; returns the page, ready to render stories. */
export async function openPreview(context, siteUrl, firstId) {
  const page = await context.newPage()
  await page.addInitScript((events) => {
    window.__lkStoryEvents = []
    let channel
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set(value) {
        channel = value
        for (const name of events)
          value.on(name, (payload) => {
            const storyId = typeof payload === 'string' ? payload : payload?.storyId
            const detail = payload?.status ?? payload?.description ?? payload?.message ?? payload?.title
            window.__lkStoryEvents.push({ name, storyId, detail: detail === undefined ? undefined : String(detail) })
          })
      },
    })
  }, recordedEvents)
  await page.clock.install({ time: storyTime })
  // Stories show media from hosts that do not exist (cdn.example.test): fail them at once, as
  // unresolvable, instead of waiting on the machine's DNS. Tests stay off the network.
  const site = new URL(siteUrl).origin
  await context.route(
    (url) => url.origin !== site,
    (route) => route.abort('namenotresolved'),
  )
  // a11y.manual: the a11y addon's own axe run after every render is not needed here (e2e runs axe itself).
  await page.goto(`${siteUrl}iframe.html?id=${firstId}&viewMode=story&globals=a11y.manual:!true`)
  await waitForStory(page, firstId)
  await page.evaluate((id) => (window.__lkCurrentStory = id), firstId)
  await page.addStyleTag({ content: stabilizingCss })
  return page
}

async function waitForStory(page, id, timeout = 30_000) {
  const handle = await page.waitForFunction(
    (storyId) => window.__lkStoryEvents?.find((e) => e.storyId === storyId || e.name === 'storyMissing'),
    id,
    { timeout, polling: 50 },
  )
  const event = await handle.jsonValue()
  if (event.name !== 'storyFinished') throw new Error(`story ${id}: ${event.name} ${event.detail ?? ''}`)
  if (event.detail === 'error') throw new Error(`story ${id} finished with an error (its play function failed)`)
}
