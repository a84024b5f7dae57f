/**
 * Storybook glue: give a story `parameters.linekit` and it gets its own story backend
 * (created in `linekitBeforeEach`, routed through MSW) and the real provider around it
 * (`withLinekit`). Both are installed globally in `.storybook/preview.tsx`, so a story only
 * writes parameters.
 */
import type { Decorator, StoryContext } from '@storybook/react-vite'
import type { SetupWorker } from 'msw/browser'
import { createStoryBackend, type StoryBackend, type StoryBackendOptions } from './createStoryBackend'
import { LinekitStory } from './LinekitStory'
import { drafts } from '../../src/hooks/internal/drafts'
import { marksBeforeOpen, readMarks } from '../../src/hooks/internal/readMarks'

/** `parameters.linekit` of a story. Story-level values replace meta-level ones key by key. */
export interface LinekitParameters extends StoryBackendOptions {
  /** How events reach the provider. @default 'sse' */
  events?: 'sse' | 'memory'
  /** Give the provider the in-memory `uploadAttachment` (`memoryUploader.ts`); `'held'` stops uploads part-way. @default false */
  uploads?: boolean | 'held'
  /** `false`: failed reads are not retried, so an error story shows its error at once. @default the kit's retries */
  retry?: false
  /** Render without the provider (the story renders `<LinekitStory>` itself). @default false */
  manual?: boolean
}

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** The story's mock backend; see stories/support/README.md. */
    linekit?: LinekitParameters
  }
}

/** Backends of the stories currently rendered, by story id. */
const live = new Map<string, StoryBackend>()

/** The backend of a rendered story (in `play`: `storyBackend(context)`). */
export function storyBackend(context: Pick<StoryContext, 'id'>): StoryBackend {
  const backend = live.get(context.id)
  if (!backend) throw new Error(`story ${context.id} has no linekit backend: give it \`parameters: { linekit: {} }\`.`)
  return backend
}

/**
 * Global `beforeEach`: builds the story's backend when it has `parameters.linekit` and installs
 * its MSW handlers. msw-storybook-addon resets handlers for each story it loads, so the
 * handlers of every backend still on screen (e.g. other stories of a docs page) are
 * installed again; each backend answers only under its own prefix.
 */
export async function linekitBeforeEach(context: StoryContext): Promise<void | (() => void)> {
  const options = context.parameters.linekit
  if (!options) return
  // Each story starts without the drafts and read marks another story left (one page renders many).
  for (const map of [drafts, readMarks]) for (const key of Object.keys(map.snapshot())) map.delete(key)
  // Nor the sends another story left waiting for the connection (a provider would send them again).
  localStorage.removeItem('linekit:outbox:v1')
  marksBeforeOpen.clear()
  const previous = live.get(context.id)
  if (previous) {
    previous.dispose()
    live.delete(context.id)
  }
  const backend = await createStoryBackend(options)
  live.set(context.id, backend)
  const msw = (context as StoryContext & { msw?: SetupWorker }).msw
  if (!msw)
    throw new Error('linekitBeforeEach: msw-storybook-addon did not start (is mswLoader in .storybook/preview.tsx?)')
  msw.use(...[...live.values()].flatMap((b) => b.handlers))
  return () => {
    if (live.get(context.id) === backend) live.delete(context.id)
    backend.dispose()
  }
}

/** Global decorator: the real provider around stories that have `parameters.linekit`. */
export const withLinekit: Decorator = (Story, context) => {
  const options = context.parameters.linekit
  if (!options || options.manual) return <Story />
  const backend = live.get(context.id)
  if (!backend) return <Story />
  return (
    <LinekitStory
      key={backend.prefix}
      backend={backend}
      events={options.events}
      uploads={options.uploads}
      retry={options.retry}
    >
      <Story />
    </LinekitStory>
  )
}
