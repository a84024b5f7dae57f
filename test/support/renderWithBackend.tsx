/**
 * The one test harness of hooks and components: the real `LinekitProvider` around a component or
 * a hook, over one backend — a fresh mock behind the REAL linekit/server handler. The backend is
 * the tests' `createBackend()` (manual clock, rate limit off) or the stories'
 * `createStoryBackend()` (with the stories' setups); both are the same chain
 * (`stories/support/serviceChain.ts`). Requests reach the server through MSW when the test file
 * called `installMsw()` (`test/support/msw.ts`, jsdom), in-process otherwise (the browser tests).
 * Nothing reaches the network.
 *
 * @example
 * installMsw()
 * const backend = createBackend()
 * renderWithBackend(backend, <Dialer />)            // a component
 * renderWithBackend(backend, () => useThread(opts)) // a hook
 * renderWithBackend(await createStoryBackend({ setup: setups.smsOnly(storyNumbers.sms) }), <Conversation … />, { events: 'bus' })
 */
import { render, renderHook } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { RequestHandler } from 'msw'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { afterEach } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import type { LinekitClient } from 'linekit/api'
import type { Backend } from './backend'
import { LinekitProvider } from '../../src/provider/LinekitProvider'
import type { LinekitProviderProps } from '../../src/provider/LinekitProvider'
import { createMemoryEventSource } from '../../src/events/createMemoryEventSource'
import type { LinekitEventSource } from '../../src/events/LinekitEventSource'
import { createFakeAudioEngine } from '../../src/rtc/createFakeAudioEngine'
import type { StoryBackend } from '../../stories/support/createStoryBackend'
import { asScriptedRequest } from '../../stories/support/serviceChain'

export { serviceHosts } from '../../stories/support/serviceChain'
export { createBackend, type Backend } from './backend'
export { createStoryBackend } from '../../stories/support/createStoryBackend'
export type { StoryBackend } from '../../stories/support/createStoryBackend'
export { setups, storyNumbers } from '../../stories/support/setups'

/** The client's base URL for a {@link createBackend} backend (any host: the handler matches `*\/api/linekit/*`). */
export const BASE = 'http://localhost/api/linekit'

/** What {@link renderWithBackend} renders over: the tests' or the stories' backend. */
type AnyBackend = Backend | StoryBackend

// Each render's backend and event wiring end with its test.
const live = new Set<() => void>()
afterEach(() => {
  for (const dispose of live) dispose()
  live.clear()
})

let mswUse: ((...handlers: RequestHandler[]) => void) | undefined
/** Called by `installMsw()`: this file's renders go through MSW. */
export function routeThroughMsw(use: (...handlers: RequestHandler[]) => void) {
  mswUse = use
}

/** Options of {@link renderWithBackend}: provider props, plus how events and requests are wired. */
interface HarnessOptions extends Partial<Omit<LinekitProviderProps, 'client' | 'events' | 'children'>> {
  /** `bus`: a memory source fed by the server's event bus (webhook → bus → provider). */
  events?: 'bus' | LinekitEventSource
  /** MSW handlers that win over the backend (faults, refusals); needs `installMsw()`. */
  handlers?: RequestHandler[]
  client?: LinekitClient
}

function setUp(backend: AnyBackend, options: HarnessOptions) {
  const { events: eventsOption, handlers, client: givenClient, ...providerProps } = options
  if (mswUse) mswUse(...(handlers ?? []), ...backend.handlers)
  else if (handlers?.length) throw new Error('renderWithBackend: `handlers` need installMsw() in the test file')
  let events: LinekitEventSource | undefined
  let stopEvents = () => {}
  if (eventsOption === 'bus') {
    const memory = createMemoryEventSource()
    stopEvents = backend.server.bus.subscribe((event) => {
      memory.emit({
        id: event.id,
        type: event.type,
        ...(event.lineId ? { lineId: event.lineId } : {}),
        data: event.data,
      } as Parameters<typeof memory.emit>[0])
    })
    events = memory
  } else events = eventsOption
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } },
  })
  /** Every request the client made: method, service path (without the prefix) and JSON body. */
  const requests: { method: string; path: string; body: unknown }[] = []
  const send = mswUse
    ? (request: Request) => fetch(request)
    : (request: Request) => backend.server.handle(asScriptedRequest(request))
  const client =
    givenClient ??
    createLinekitClient({
      baseUrl: `http://localhost${backend.prefix}`,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        const text = request.method === 'GET' ? '' : await request.clone().text()
        requests.push({
          method: request.method,
          path: new URL(request.url).pathname.slice(backend.prefix.length),
          body: text ? (JSON.parse(text) as unknown) : undefined,
        })
        return send(request)
      },
    })
  const audioEngine = providerProps.audioEngine ?? createFakeAudioEngine()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LinekitProvider
      client={client}
      queryClient={queryClient}
      events={events}
      callPollIntervalMs={60_000}
      {...providerProps}
      audioEngine={audioEngine}
    >
      {children}
    </LinekitProvider>
  )
  const dispose = () => {
    stopEvents()
    queryClient.clear()
    if ('dispose' in backend) backend.dispose()
  }
  live.add(dispose)
  return { wrapper, backend, queryClient, client, requests, events, audioEngine, stopEvents, dispose }
}

/** Renders a component, or a hook, inside the real provider wired to `backend`. */
export function renderWithBackend<B extends AnyBackend>(
  backend: B,
  ui: ReactElement,
  options?: HarnessOptions,
): ReturnType<typeof render> & Omit<ReturnType<typeof setUp>, 'wrapper' | 'backend'> & { backend: B }
export function renderWithBackend<T, B extends AnyBackend>(
  backend: B,
  hook: () => T,
  options?: HarnessOptions,
): ReturnType<typeof renderHook<T, unknown>> & Omit<ReturnType<typeof setUp>, 'wrapper' | 'backend'> & { backend: B }
export function renderWithBackend<T>(
  backend: AnyBackend,
  target: ReactElement | (() => T),
  options: HarnessOptions = {},
) {
  const { wrapper, ...rest } = setUp(backend, options)
  if (isValidElement(target)) return { ...render(target, { wrapper }), ...rest }
  return { ...renderHook(target as () => T, { wrapper }), ...rest }
}
