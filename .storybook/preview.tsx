import { useEffect, useSyncExternalStore, type ReactNode } from 'react'
import type { Decorator, Preview, StoryContext } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { setupWorker } from 'msw/browser'
import type * as SupportModule from '../stories/support/withLinekit'
import '../src/styles.css'

// The story backend (mock service + linekit/server) loads only for stories that ask for it
// with `parameters.linekit`, so stories of plain primitives never pay for it.
type Support = typeof SupportModule
let support: Support | undefined
const linekitBeforeEach = async (context: StoryContext) => {
  if (!context.parameters.linekit) return
  support ??= await import('../stories/support/withLinekit')
  return support.linekitBeforeEach(context)
}
const withLinekit: Decorator = (Story, context) =>
  support && context.parameters.linekit ? support.withLinekit(Story, context) : <Story />

// The toolbar's Theme: light, dark, or the system's (prefers-color-scheme), which is how the
// e2e pictures take the dark ones. The kit's dark theme is the `lk-theme-dark` class on any
// ancestor (it paints that ancestor with the theme's surface); here it goes on the body.
const darkQuery = '(prefers-color-scheme: dark)'
const subscribeDark = (onChange: () => void) => {
  const query = window.matchMedia(darkQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
function ThemedCanvas({ theme, children }: { theme: string; children: ReactNode }) {
  const systemDark = useSyncExternalStore(subscribeDark, () => window.matchMedia(darkQuery).matches)
  const dark = theme === 'dark' || (theme !== 'light' && systemDark)
  useEffect(() => {
    document.body.classList.toggle('lk-theme-dark', dark)
  }, [dark])
  return children
}
const withTheme: Decorator = (Story, context) =>
  context.viewMode === 'docs' ? (
    <Story />
  ) : (
    <ThemedCanvas theme={String(context.globals.theme ?? 'system')}>
      <Story />
    </ThemedCanvas>
  )

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker()
      // A relative worker URL keeps the static Storybook working when served from any folder.
      await worker.start({
        quiet: true,
        onUnhandledRequest: 'bypass',
        serviceWorker: { url: './mockServiceWorker.js' },
      })
      return worker
    }),
  ],
  // Stories with `parameters.linekit` get their own mock service + linekit/server behind MSW,
  // and the real LinekitProvider around them (stories/support/README.md).
  beforeEach: linekitBeforeEach,
  decorators: [withLinekit, withTheme],
  globalTypes: {
    theme: {
      description: 'linekit theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        dynamicTitle: true,
        items: [
          { value: 'system', title: 'System (prefers-color-scheme)' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark (lk-theme-dark)' },
        ],
      },
    },
  },
  initialGlobals: { theme: 'system' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Every story is checked with axe; a violation fails the storybook test project.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
}
export default preview
