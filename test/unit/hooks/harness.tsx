/**
 * Test harness of the data layer: the mock service behind the REAL linekit/server handler,
 * reached through MSW `setupServer` (`*\/api/linekit/*` → server.handle → mock.fetch), with the
 * real provider around the hooks. The client uses an absolute base URL (MSW in Node).
 */
import { renderHook } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { http } from 'msw'
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import type { LinekitClient } from 'linekit/api'
import { createMockClock, createMockService } from 'linekit/mocks'
import type { MockClock } from 'linekit/mocks'
import { createLinekitServer } from 'linekit/server'
import type { LinekitServer } from 'linekit/server'
import { LinekitProvider } from '../../../src/provider/LinekitProvider'
import type { LinekitProviderProps } from '../../../src/provider/LinekitProvider'
import { createMemoryEventSource } from '../../../src/events/createMemoryEventSource'
import type { LinekitEventSource } from '../../../src/events/types'

export const BASE = 'http://app.test/api/linekit'
export const hosts = { baseUrl: 'https://api.mock.linekit.test', appUrl: 'https://app.mock.linekit.test' }
const webhookSecret = 'hooks-test-secret'

type Kind = 'production' | 'capped'

/** A fresh mock + real server handler. The mock clock is manual: tests move it. */
export function createBackend(options: { account?: Kind; clock?: MockClock } = {}) {
  const clock = options.clock ?? createMockClock({ now: Date.now() })
  const ref: { server?: LinekitServer } = {}
  const mock = createMockService({
    clock,
    // Webhooks go straight into the server's real webhook route.
    webhookSender: async (url: string, body: unknown) => {
      const response = await ref.server!.handle(
        new Request(new URL(new URL(url).pathname, 'http://app.test').toString(), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      return { status: response.status }
    },
  })
  const kind = options.account ?? 'production'
  const account = mock.control.accounts().find((a) => a.kind === kind)!
  const apiKey = account.apiKeys.find((k) => !k.legacy)!.key
  const server = createLinekitServer({
    apiKey,
    ...hosts,
    webhookSecret,
    authorize: async () => ({ userId: 'test-user', lineIds: account.lines.map((l) => l.lineId) }),
    fetch: mock.fetch,
    logger: { warn: () => {}, error: () => {} },
  })
  ref.server = server
  mock.control.webhooks.create({
    accountId: account.accountId,
    url: `http://app.test/api/linekit/webhooks/${webhookSecret}`,
    inbound: true,
    outbound: true,
    audioCalls: true,
  })
  const handler = http.all('*/api/linekit/*', async ({ request }) => {
    // Node's fetch sends no Origin: mark the request as scripted, as a same-origin page would.
    const headers = new Headers(request.headers)
    headers.set('x-linekit-csrf', '1')
    return server.handle(new Request(request, { headers }))
  })
  /** Outbound messages the mock holds for a number (the ground truth of "sent exactly once"). */
  const outboundTo = (phone: string, content?: string) =>
    [...mock.state.messagesByHandle.values()].filter(
      (m) => m.accountId === account.accountId && m.direction === 'outbound' && m.to_number === phone && (content === undefined || m.content === content),
    )
  // The 60/min limit runs on the manual mock clock, which tests do not move: off unless a test turns it on.
  mock.control.updateSettings({ rateLimitPerMinute: 0 })
  return { mock, server, account, apiKey, clock, handler, lines: account.lines, outboundTo }
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
      memory.emit({ id: event.id, type: event.type, ...(event.lineId ? { lineId: event.lineId } : {}), data: event.payload } as Parameters<
        typeof memory.emit
      >[0])
    })
    events = memory
  } else events = eventsOption
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } } })
  const client = givenClient ?? createLinekitClient({ baseUrl: BASE })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LinekitProvider client={client} queryClient={queryClient} events={events} callPollIntervalMs={60_000} {...providerProps}>
      {children}
    </LinekitProvider>
  )
  const result = renderHook(hook, { wrapper })
  return { ...result, queryClient, client, events, stopEvents }
}
