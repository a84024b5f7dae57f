/**
 * The test harness of hooks and components: one backend (`createTestBackend`: a fresh mock behind
 * the REAL linekit/server handler), reached through MSW `setupServer`
 * (`*\/api/linekit/*` → server.handle → mock.fetch), and the real `LinekitProvider` around a
 * component or a hook. Nothing reaches the network.
 *
 * @example
 * installMsw()
 * const backend = createBackend()
 * renderWithBackend(backend, <Dialer />)            // a component
 * renderWithBackend(backend, () => useThread(opts)) // a hook
 */
import { configure, render, renderHook } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import type { LinekitClient } from 'linekit/api'
import { createMockClock } from 'linekit/mocks'
import type { MockClock } from 'linekit/mocks'
import { createTestBackend, type TestAccountKind, type TestBackend } from './backend'
import { LinekitProvider } from '../../src/provider/LinekitProvider'
import type { LinekitProviderProps } from '../../src/provider/LinekitProvider'
import { createMemoryEventSource } from '../../src/events/createMemoryEventSource'
import type { LinekitEventSource } from '../../src/events/types'
import { createFakeAudioEngine } from '../../src/rtc/createFakeAudioEngine'

export { hosts, webhookSecret } from './backend'

/** The client's base URL (any host: the MSW handler matches `*\/api/linekit/*`). */
export const BASE = 'http://localhost/api/linekit'

/** Options of {@link createBackend}. */
export interface BackendOptions {
  /** The seeded account. @default 'production' */
  account?: TestAccountKind
  /** The mock's clock; tests move it. @default a manual clock at the real time */
  clock?: MockClock
  /** The mock's requests-per-minute limit; 0 turns it off. @default 0 (the manual clock never moves a window on) */
  rateLimitPerMinute?: number
  /** `false`: the server keeps no read model (every read goes upstream). @default the server's default (on) */
  readModel?: false
}

/** A fresh mock + real server handler. */
export function createBackend(options: BackendOptions = {}): TestBackend {
  return createTestBackend({
    clock: options.clock ?? createMockClock({ now: Date.now() }),
    ...(options.account ? { account: options.account } : {}),
    ...(options.readModel === false ? { readModel: false as const } : {}),
    rateLimitPerMinute: options.rateLimitPerMinute ?? 0,
  })
}
export type Backend = TestBackend

export const msw = setupServer()
let installed = false
/** Starts MSW for the calling test file (call at module level). */
export function installMsw() {
  if (installed) return msw
  installed = true
  // findBy/waitFor: the machine is shared and busy; behaviour, not speed, is under test.
  configure({ asyncUtilTimeout: 4000 })
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => msw.resetHandlers())
  afterAll(() => msw.close())
  return msw
}

/** Records every request to the linekit routes (method, URL and JSON body) for assertions. */
export function recordRequests() {
  const seen: { method: string; url: URL; body: unknown; requestId: string }[] = []
  const listener = ({ request, requestId }: { request: Request; requestId: string }) => {
    const entry = { method: request.method, url: new URL(request.url), body: undefined as unknown, requestId }
    seen.push(entry)
    if (request.method !== 'GET') {
      void request
        .clone()
        .text()
        .then((t) => {
          try {
            entry.body = JSON.parse(t)
          } catch {
            entry.body = t
          }
        })
    }
  }
  msw.events.on('request:start', listener)
  const responses: { url: string; status: number }[] = []
  const onResponse = ({ request, response }: { request: Request; response: Response }) => {
    responses.push({ url: request.url, status: response.status })
  }
  msw.events.on('response:mocked', onResponse)
  return {
    seen,
    responses,
    to: (path: string) => seen.filter((s) => s.url.pathname.endsWith(path)),
    stop: () => {
      msw.events.removeListener('request:start', listener)
      msw.events.removeListener('response:mocked', onResponse)
    },
  }
}

/** Options of {@link renderWithBackend}: provider props, plus how events and requests are wired. */
export interface HarnessOptions extends Partial<Omit<LinekitProviderProps, 'client' | 'events' | 'children'>> {
  /** `bus`: a memory source fed by the server's event bus (webhook → bus → provider). */
  events?: 'bus' | LinekitEventSource
  /** MSW handlers that win over the backend (faults, refusals). */
  handlers?: RequestHandler[]
  client?: LinekitClient
}

function setUp(backend: Backend, options: HarnessOptions) {
  const { events: eventsOption, handlers, client: givenClient, ...providerProps } = options
  msw.use(...(handlers ?? []), backend.handler)
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
  const client = givenClient ?? createLinekitClient({ baseUrl: BASE })
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
  return { wrapper, queryClient, client, events, audioEngine, stopEvents }
}

/** Renders a component, or a hook, inside the real provider wired to `backend`. */
export function renderWithBackend(
  backend: Backend,
  ui: ReactElement,
  options?: HarnessOptions,
): ReturnType<typeof render> & Omit<ReturnType<typeof setUp>, 'wrapper'>
export function renderWithBackend<T>(
  backend: Backend,
  hook: () => T,
  options?: HarnessOptions,
): ReturnType<typeof renderHook<T, unknown>> & Omit<ReturnType<typeof setUp>, 'wrapper'>
export function renderWithBackend<T>(backend: Backend, target: ReactElement | (() => T), options: HarnessOptions = {}) {
  const { wrapper, ...rest } = setUp(backend, options)
  if (isValidElement(target)) return { ...render(target, { wrapper }), ...rest }
  return { ...renderHook(target as () => T, { wrapper }), ...rest }
}
