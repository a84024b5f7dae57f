/**
 * MSW for the jsdom tests (Node's `setupServer`): `installMsw()` at a test file's top level routes
 * every `renderWithBackend` of that file through it, so `handlers` (faults, refusals) win over
 * the backend and `recordRequests()` sees each request. Without it, `renderWithBackend` calls the
 * backend in-process (the way the browser tests run).
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { routeThroughMsw } from './renderWithBackend'

export const msw = setupServer()
let installed = false
/** Starts MSW for the calling test file (call at module level). */
export function installMsw() {
  if (installed) return msw
  installed = true
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => msw.resetHandlers())
  afterAll(() => msw.close())
  routeThroughMsw((...handlers) => msw.use(...handlers))
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
