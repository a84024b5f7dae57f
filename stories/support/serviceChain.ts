/**
 * The chain every backend of the tests and stories is made of — a mock service behind the real
 * `linekit/server` handler — in the pieces both `createStoryBackend` and the tests'
 * `createTestBackend` (test/support/backend.ts) build on:
 *
 *   page → client → linekit/server.handle → mock.fetch
 *   mock webhook → linekit/server webhook route → bus → SSE → provider
 */
import type { LinekitServer } from 'linekit/server'

/**
 * The mock's webhook sender: each delivery goes straight into the server's real webhook route
 * (no network). `server()` is read per delivery because the mock exists before the server does.
 */
export function webhookSenderInto(
  server: () => LinekitServer | undefined,
  log?: (body: unknown, status: number) => void,
): (url: string, body: unknown) => Promise<{ status: number }> {
  return async (url, body) => {
    const target = server()
    if (!target) return { status: 503 }
    const response = await target.handle(
      new Request(new URL(new URL(url).pathname, 'http://localhost').toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    log?.(body, response.status)
    return { status: response.status }
  }
}

/** The key a backend uses for a seeded account: the legacy-key account through its legacy key (the mint refuses it), others through a current one. */
export function accountApiKey(
  account: { apiKeys: ReadonlyArray<{ key: string; legacy: boolean }> },
  kind: string,
): string | undefined {
  return (account.apiKeys.find((k) => k.legacy === (kind === 'legacyKey')) ?? account.apiKeys[0])?.key
}

/**
 * The request as the page sent it, marked as scripted: MSW (a service worker, or Node's fetch)
 * hands over a copy without the browser's `Origin`, so the server's CSRF check would see a
 * non-browser client. These requests can only come from the page under test.
 */
export function asScriptedRequest(request: Request): Request {
  const headers = new Headers(request.headers)
  if (!headers.has('origin') && !headers.has('x-linekit-csrf')) headers.set('x-linekit-csrf', '1')
  return new Request(request, { headers })
}
