import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'

// The files share one worker and its jsdom (the `unit` project is not isolated: a fresh jsdom,
// React and Testing Library per file cost more than the tests). Each file still starts as if
// alone: fresh modules of its own (src, mocks, test support; not node_modules), real timers, no
// stubbed globals, empty storage and an empty document.
vi.resetModules()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()
localStorage.clear()
sessionStorage.clear()
document.head.replaceChildren()
document.body.replaceChildren()

// findBy… and waitFor return as soon as what they wait for holds; the generous limit is for a
// machine so busy that the chain (client → linekit/server → mock → React) takes seconds.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => cleanup())
// The backends this file started stop their timers: they would otherwise go on polling their
// mocks through the next files (and on those files' fake clocks). Imported here, not above, to
// reach this file's own copy of the module.
afterAll(async () => {
  const { closeOpenServers } = await import('../stories/support/openServers')
  closeOpenServers()
})
