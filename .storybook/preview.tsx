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
  decorators: [withLinekit],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Every story is checked with axe; a violation fails the storybook test project.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
}
export default preview
