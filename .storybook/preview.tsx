import type { Preview } from '@storybook/react-vite'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { setupWorker } from 'msw/browser'
import { linekitBeforeEach, withLinekit } from '../stories/support/withLinekit'
import '../src/styles.css'

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker()
      // A relative worker URL keeps the static Storybook working when served from any folder.
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: './mockServiceWorker.js' } })
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
