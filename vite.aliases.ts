import { fileURLToPath } from 'node:url'

// A module of its own, not part of vite.config.ts: the playground's config and Storybook's read
// these without loading the test configuration (vitest's browser provider, the Storybook test
// plugin and the picture commands).
const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** Source aliases so tests, stories and the playground use the entry points by name. */
export const alias = [
  { find: /^linekit\/api$/, replacement: r('./src/api/index.ts') },
  { find: /^linekit\/phone$/, replacement: r('./src/api/phoneEntry.ts') },
  { find: /^linekit\/server\/(.*)$/, replacement: r('./server-helpers/$1.ts') },
  { find: /^linekit\/server$/, replacement: r('./server-helpers/index.ts') },
  { find: /^linekit\/mocks\/node$/, replacement: r('./mocks/node/index.ts') },
  { find: /^linekit\/mocks$/, replacement: r('./mocks/index.ts') },
  { find: /^linekit\/styles\.css$/, replacement: r('./src/styles.css') },
  { find: /^linekit$/, replacement: r('./src/index.ts') },
]
