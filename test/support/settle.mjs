// Waiting for a rendered story to stop changing before it is pictured or measured, inside the
// Storybook vitest project (test/setup-storybook.ts). Plain JavaScript with no outside references,
// so the function can also be sent to a page as its source (`page.evaluate(settle)`).

/**
 * Waits until the page stops changing: no DOM mutation for three painted frames and at least
 * 100 ms (at most 5 s: a story with a ticking clock never goes quiet), fonts loaded, no media
 * still loading, two frames painted. Counting frames, not only time, keeps the wait as long as a
 * busy machine needs to lay out and re-render after a change of viewport.
 */
export async function settle() {
  await document.fonts.ready
  await new Promise((resolve) => {
    const started = performance.now()
    let lastChange = started
    let quietFrames = 0
    const observer = new MutationObserver(() => {
      lastChange = performance.now()
      quietFrames = 0
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
    const tick = () => {
      quietFrames += 1
      const now = performance.now()
      if ((quietFrames >= 3 && now - lastChange >= 100) || now - started >= 5000) {
        observer.disconnect()
        resolve()
      } else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  // A video shows the browser's own loading spinner, caught at any angle, until its source has
  // loaded or failed; that moment is the machine's, not the page's. Wait for it (at most 5 s).
  for (let polls = 0; polls < 100; polls += 1) {
    const loading = [...document.querySelectorAll('video, audio')].some(
      (media) => media.networkState === HTMLMediaElement.NETWORK_LOADING,
    )
    if (!loading) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}
