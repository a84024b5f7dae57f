/**
 * React side of the story backend: `<LinekitStory backend>` renders the real
 * `LinekitProvider` (client on the backend's same-page prefix, events over SSE, fake audio),
 * and `useStoryBackend()` gives stories and the `MockPanel` the mock's control API.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { createLinekitClient } from 'linekit/api'
import { LinekitProvider, createFakeAudioEngine, createMemoryEventSource, createSseEventSource } from 'linekit'
import { createHeldUploader, createMemoryUploader } from './memoryUploader'
import type { StoryBackend } from './createStoryBackend'

const StoryBackendContext = createContext<StoryBackend | null>(null)

/** The story's backend (inside `LinekitStory` / the `withLinekit` decorator). */
export function useStoryBackend(): StoryBackend {
  const backend = useContext(StoryBackendContext)
  if (!backend)
    throw new Error('useStoryBackend: render inside <LinekitStory> (or give the story `parameters.linekit`).')
  return backend
}

/** The story's backend, or null outside one (for components that also run in the playground). */
export function useOptionalStoryBackend(): StoryBackend | null {
  return useContext(StoryBackendContext)
}

/** Props of {@link LinekitStory}. */
export interface LinekitStoryProps {
  backend: StoryBackend
  /**
   * How events reach the provider: `sse` through the server's real SSE route (via MSW), or
   * `memory` straight from the server's bus (for tests that must not depend on streaming).
   * @default 'sse'
   */
  events?: 'sse' | 'memory'
  /**
   * Give the provider the in-memory `uploadAttachment` (`memoryUploader.ts`); `'held'`, one whose
   * uploads stop part-way until cancelled. @default false
   */
  uploads?: boolean | 'held' | undefined
  /** `false`: a read that fails is not retried, so an error story shows its error at once. @default the kit's retries */
  retry?: false | undefined
  children?: ReactNode
}

/**
 * A query client whose reads never retry: the kit's options carry their own `retry`, which a
 * client's defaults cannot override, so it is forced where options are resolved.
 */
function createNoRetryQueryClient() {
  // The provider's own default (a read stays fresh for 10 s).
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000 } } })
  const resolve = client.defaultQueryOptions.bind(client)
  client.defaultQueryOptions = ((options) => ({ ...resolve(options), retry: false })) as typeof resolve
  return client
}

const memoryUploader = createMemoryUploader()
const heldUploader = createHeldUploader()

function createEvents(backend: StoryBackend, mode: 'sse' | 'memory') {
  if (mode === 'sse') return { source: createSseEventSource({ url: `${backend.prefix}/events` }), stop: () => {} }
  const source = createMemoryEventSource()
  const stop = backend.server.bus.subscribe((event) => {
    source.emit({ id: event.id, type: event.type, data: event.data } as Parameters<typeof source.emit>[0])
  })
  return { source, stop }
}

/**
 * Wraps a story in the real provider wired to `backend`.
 *
 * @example
 * ```tsx
 * <LinekitStory backend={backend}><Conversation phoneNumber={storyNumbers.chat} /></LinekitStory>
 * ```
 */
export function LinekitStory({ backend, events = 'sse', uploads = false, retry, children }: LinekitStoryProps) {
  const [kit] = useState(() => ({
    queryClient: retry === false ? createNoRetryQueryClient() : undefined,
    client: createLinekitClient({ baseUrl: backend.prefix }),
    events: createEvents(backend, events),
    // A steady microphone level, not the engine's default wave of the wall clock: the wave
    // re-renders the level meter every 100 ms for as long as a call's audio is joined, so the page
    // never goes still before its pictures, and each picture caught the meter at another level.
    audioEngine: createFakeAudioEngine({ inputLevel: 0.5 }),
    closing: undefined as ReturnType<typeof setTimeout> | undefined,
  }))
  useEffect(() => {
    // Close on unmount, but not on React StrictMode's immediate unmount-remount.
    clearTimeout(kit.closing)
    return () => {
      kit.closing = setTimeout(() => {
        kit.events.stop()
        kit.events.source.close()
      }, 0)
    }
  }, [kit])
  return (
    <StoryBackendContext.Provider value={backend}>
      <LinekitProvider
        client={kit.client}
        events={kit.events.source}
        audioEngine={kit.audioEngine}
        {...(kit.queryClient ? { queryClient: kit.queryClient } : {})}
        {...(uploads ? { uploadAttachment: uploads === 'held' ? heldUploader : memoryUploader } : {})}
      >
        {children}
      </LinekitProvider>
    </StoryBackendContext.Provider>
  )
}
