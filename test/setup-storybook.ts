import { configure } from 'storybook/test'

// The stories' play functions wait with storybook/test's own copy of Testing Library: the same
// generous limit as the tests (test/setup-browser.ts), for a busy machine.
configure({ asyncUtilTimeout: 10_000 })
