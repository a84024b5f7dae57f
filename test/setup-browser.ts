import { configure } from '@testing-library/react'
import { afterAll, beforeEach } from 'vitest'
import { closeOpenServers } from '../stories/support/openServers'

// findBy… and waitFor return as soon as what they wait for holds; the generous limit is for a
// machine so busy that the chain (client → linekit/server → mock → React) takes seconds.
configure({ asyncUtilTimeout: 10_000 })

// The test files of this project share one browser origin, so a draft, a read mark or a kept send
// one file leaves in storage would show in the next file's thread list ("Draft: …"). Every test
// starts with the storage empty, as a fresh browser would.
beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

// And one page: the servers a file's backends started stop polling their mocks when it ends.
afterAll(() => closeOpenServers())
