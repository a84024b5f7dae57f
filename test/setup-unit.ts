import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor return as soon as what they wait for holds; the generous limit is for a
// machine so busy that the chain (client → linekit/server → mock → React) takes seconds.
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => cleanup())
