/**
 * Test harness of the data layer: the mock service behind the REAL linekit/server handler,
 * reached through MSW `setupServer` (`*\/api/linekit/*` → server.handle → mock.fetch), with the
 * real provider around the hooks. The client uses an absolute base URL (MSW in Node).
 */
import { renderHook } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import type { LinekitClient } from 'linekit/api'
import { createMockClock } from 'linekit/mocks'
import type { MockClock } from 'linekit/mocks'
import { createTestBackend } from '../../support/backend'
import { LinekitProvider } from '../../../src/provider/LinekitProvider'
import type { LinekitProviderProps } from '../../../src/provider/LinekitProvider'
import { createMemoryEventSource } from '../../../src/events/createMemoryEventSource'
import type { LinekitEventSource } from '../../../src/events/types'

export const BASE = 'http://app.test/api/linekit'
export { hosts } from '../../support/backend'

/** A fresh mock + real server handler. The mock clock is manual: tests move it. */
export function createBackend(
  options: { account?: 'production' | 'capped'; clock?: MockClock; readModel?: false } = {},
) {
  return createTestBackend({
    clock: options.clock ?? createMockClock({ now: Date.now() }),
    ...(options.account ? { account: options.account } : {}),
    ...(options.readModel === false ? { readModel: false as const } : {}),
    // The 60/min limit runs on the manual mock clock, which tests do not move: off unless a test turns it on.
    rateLimitPerMinute: 0,
  })
}
export type Backend = ReturnType<typeof createBackend>

export const msw = setupServer()
let installed = false
/** Starts MSW for the calling test file. */
export function installMsw() {
  if (installed) return msw
  installed = true
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

export interface HarnessOptions extends Partial<Omit<LinekitProviderProps, 'client' | 'events' | 'children'>> {
  /** `bus`: a memory source fed by the server's event bus (webhook → bus → provider). */
  events?: 'bus' | LinekitEventSource
  handlers?: RequestHandler[]
  client?: LinekitClient
}

/** Renders a hook inside the real provider wired to `backend`. */
export function renderWithBackend<T>(backend: Backend, hook: () => T, options: HarnessOptions = {}) {
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
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LinekitProvider
      client={client}
      queryClient={queryClient}
      events={events}
      callPollIntervalMs={60_000}
      {...providerProps}
    >
      {children}
    </LinekitProvider>
  )
  const result = renderHook(hook, { wrapper })
  return { ...result, queryClient, client, events, stopEvents }
}
