import { configure } from '@testing-library/react'

// findBy… and waitFor return as soon as what they wait for holds; the generous limit is for a
// machine so busy that the chain (client → linekit/server → mock → React) takes seconds.
configure({ asyncUtilTimeout: 10_000 })
