// Where a test goes decides how it runs: one rule, by folder, for every vitest project
// (vite.config.ts) and checked by test/unit/testEnvironments.test.ts.
//   - `*.browser.test.tsx` (next to a component in src/): Chromium (`browser` project);
//   - framework-free layers: `src/api`, `mocks`, `server-helpers`, `scripts`, the repository's own
//     checks (`test/unit`: structure, boundaries, docs, examples) and server rendering
//     (`*.ssr.test.tsx`): Node (`node` project);
//   - the rest of `src` (React, hooks, provider, events) and `test/support`: jsdom (`unit` project).
// No file picks its own environment (no `@vitest-environment` comments).

const browser = '**/*.browser.test.{ts,tsx}'
const ssr = '**/*.ssr.test.{ts,tsx}'

export const testProjects = {
  node: {
    include: [
      'src/api/**/*.test.{ts,tsx}',
      'mocks/**/*.test.{ts,tsx}',
      'server-helpers/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'test/unit/**/*.test.{ts,tsx}',
      `src/${ssr}`,
    ],
    exclude: [browser],
  },
  unit: {
    include: ['src/**/*.test.{ts,tsx}', 'test/support/**/*.test.{ts,tsx}'],
    exclude: [browser, ssr, 'src/api/**'],
  },
  browser: { include: [`src/${browser}`], exclude: [] as string[] },
}
