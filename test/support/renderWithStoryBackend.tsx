/**
 * Test helper (jsdom) for components whose tests use the stories' setups: the stories' backend
 * (`createStoryBackend`: a fresh mock behind the real `linekit/server` handler), a client whose `fetch` calls that handler in-process, and the
 * real `LinekitProvider`. Nothing reaches the network.
 */
import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createLinekitClient } from '../../src/api'
import { createMemoryEventSource } from '../../src/events/createMemoryEventSource'
import { LinekitProvider } from '../../src/provider/LinekitProvider'
import {
  createStoryBackend,
  type StoryBackend,
  type StoryBackendOptions,
} from '../../stories/support/createStoryBackend'
import { asScriptedRequest } from '../../stories/support/serviceChain'

export { setups, storyNumbers } from '../../stories/support/setups'

/** Creates the backend and renders `ui` inside the provider. */
export async function renderWithStoryBackend(ui: ReactElement, options: StoryBackendOptions = {}) {
  const backend: StoryBackend = await createStoryBackend(options)
  const origin = 'http://localhost'
  /** Every request the client made: method, service path (without the prefix) and JSON body. */
  const requests: { method: string; path: string; body: unknown }[] = []
  const client = createLinekitClient({
    baseUrl: `${origin}${backend.prefix}`,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const text = request.method === 'GET' ? '' : await request.clone().text()
      requests.push({
        method: request.method,
        path: new URL(request.url).pathname.slice(backend.prefix.length),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      })
      return backend.server.handle(asScriptedRequest(request))
    },
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const events = createMemoryEventSource()
  const stop = backend.server.bus.subscribe((event) => {
    events.emit({ id: event.id, type: event.type, data: event.data } as Parameters<typeof events.emit>[0])
  })
  const wrap = (node: ReactElement) => (
    <LinekitProvider client={client} queryClient={queryClient} events={events}>
      {node}
    </LinekitProvider>
  )
  const result = render(wrap(ui))
  return {
    ...result,
    backend,
    client,
    requests,
    queryClient,
    rerender: (node: ReactElement) => result.rerender(wrap(node)),
    dispose: () => {
      stop()
      events.close()
      backend.dispose()
      queryClient.clear()
    },
  }
}
