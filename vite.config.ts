/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import type { BrowserCommandContext } from 'vitest/node'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { chromiumPath, chromiumArgs } from './scripts/chromium.mjs'
import { pictureCommands } from './test/pictures/storyPictures'
import { testProjects } from './test/projects'
import { alias } from './vite.aliases'

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url))

// A fake microphone that needs no permission prompt: the real Agora SDK's test asks for one.
const mediaArgs = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']
/**
 * Commands the browser tests call through `commands` (typed in test/support/browserCommands.d.ts):
 * `emulateColorScheme` sets prefers-color-scheme on the page (the test's iframe follows it).
 */
const browserCommands = {
  emulateColorScheme: async (ctx: BrowserCommandContext, colorScheme: 'light' | 'dark') => {
    await ctx.page.emulateMedia({ colorScheme })
  },
}
const browserProvider = () =>
  playwright({ launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, ...mediaArgs] } })

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          ...testProjects.unit,
          setupFiles: ['test/setup-unit.ts'],
          // One worker thread runs every file, with one jsdom: a fresh jsdom, React and Testing
          // Library per file cost more than the tests. The setup file gives each file fresh
          // modules, real timers, empty storage and document, and closes the backends it started.
          pool: 'threads',
          isolate: false,
          // A group of its own: a non-isolated worker takes a project's files in one batch only
          // when no other project's files are in its group.
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The type tests (`*.test-d.ts`), checked by tsc: `npm run test:unit` runs this project;
          // `npm test` does not, as its type check covers the same files (tsconfig.json) already.
          name: 'types',
          include: [],
          typecheck: { enabled: true, only: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          ...testProjects.node,
          // Not Testing Library and jest-dom (for the DOM projects): importing them (and react-dom)
          // into every Node test file costs more than most of those tests take. One worker thread
          // runs every file, as in `unit`: its setup file gives each file fresh modules and real
          // timers, and closes every linekit/server the file made.
          setupFiles: ['test/setup-node.ts'],
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: testProjects.browser.include,
          browser: {
            enabled: true,
            // A failing test's screenshot goes with the other results, never into the source tree.
            screenshotDirectory: 'test-results/browser-screenshots',
            headless: true,
            provider: browserProvider(),
            instances: [{ browser: 'chromium' }],
            commands: browserCommands,
          },
          setupFiles: ['test/setup-browser.ts'],
          // The files share one page and its modules (the kit, React, MSW load once, not once per
          // file, which cost more than the tests); each test starts with empty storage (setup file).
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: r('./.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: browserProvider(),
            instances: [{ browser: 'chromium' }],
            commands: pictureCommands,
          },
          setupFiles: ['test/setup-storybook.ts'],
          // As the browser project: one page, modules loaded once (Storybook's too).
          isolate: false,
          testTimeout: 30_000,
        },
      },
    ],
  },
})
