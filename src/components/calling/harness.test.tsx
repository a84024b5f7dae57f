/**
 * Test harness for the calling components: the mock service behind the REAL linekit/server
 * handler, reached through MSW `setupServer` (`*\/api/linekit/*` → server.handle → mock.fetch),
 * and the real provider around the component. This file also tests the harness itself.
 */
import { configure, render } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import type { RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactElement } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLinekitClient } from 'linekit/api'
import { createMockClock, type MockClock } from 'linekit/mocks'
import { createTestBackend, type TestAccountKind } from '../../../test/support/backend'
import { LinekitProvider } from '../../provider/LinekitProvider'
import { createMemoryEventSource } from '../../events/createMemoryEventSource'
import type { LinekitEventSource } from '../../events/types'
import { createFakeAudioEngine, type AudioEngine } from '../../rtc'

export { hosts, webhookSecret } from '../../../test/support/backend'

/** One backend per test: fresh mock, real server handler, the mock clock fixed at a known time. */
export function createCallingBackend(options: { account?: TestAccountKind; clock?: MockClock } = {}) {
  return createTestBackend({
    clock: options.clock ?? createMockClock({ now: Date.parse('2026-03-02T15:00:00Z') }),
    ...(options.account ? { account: options.account } : {}),
  })
}
export type CallingBackend = ReturnType<typeof createCallingBackend>

const msw = setupServer()
let installed = false
/** Starts MSW for this test file (call at module level). */
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

/** Renders `ui` inside the real provider wired to `backend` (events: a memory source fed by the server's bus, or the given one). */
export function renderWithBackend(
  backend: CallingBackend,
  ui: ReactElement,
  options: {
    audioEngine?: AudioEngine
    events?: LinekitEventSource | 'bus'
    callPollIntervalMs?: number
    handlers?: RequestHandler[]
  } = {},
) {
  // Test-specific handlers first: they win over the backend.
  msw.use(...(options.handlers ?? []), backend.handler)
  const audioEngine = options.audioEngine ?? createFakeAudioEngine()
  let events: LinekitEventSource | undefined
  let stop = () => {}
  if (options.events === 'bus') {
    const memory = createMemoryEventSource()
    stop = backend.server.bus.subscribe((event) => {
      memory.emit({ id: event.id, type: event.type, data: event.data } as Parameters<typeof memory.emit>[0])
    })
    events = memory
  } else events = options.events
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000 }, mutations: { retry: false } },
  })
  const client = createLinekitClient({ baseUrl: 'http://localhost/api/linekit' })
  const result = render(
    <LinekitProvider
      client={client}
      queryClient={queryClient}
      events={events}
      audioEngine={audioEngine}
      callPollIntervalMs={options.callPollIntervalMs ?? 60_000}
    >
      {ui}
    </LinekitProvider>,
  )
  return { ...result, audioEngine, queryClient, stopEvents: stop }
}

describe('calling test harness', () => {
  installMsw()
  it('reaches the mock through the real server handler', async () => {
    const backend = createCallingBackend()
    msw.use(backend.handler)
    const response = await fetch('http://localhost/api/linekit/get-lines')
    expect(response.status).toBe(200)
    const lines = (await response.json()) as Array<{ lineId: string }>
    expect(lines.map((l) => l.lineId)).toEqual(backend.lines.map((l) => l.lineId))
    const mint = await fetch('http://localhost/api/linekit/dialer/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-linekit-csrf': '1' },
      body: JSON.stringify({ lineId: backend.lines[0]!.lineId }),
    })
    expect(mint.status).toBe(200)
    expect(await mint.json()).toMatchObject({ maxCallsPerToken: 10, ttlSeconds: 900 })
  })
})
