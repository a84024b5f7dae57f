/**
 * The one backend of the tests and stories — a mock service behind the real `linekit/server`
 * handler — which both `createStoryBackend` and the tests' `createTestBackend`
 * (test/support/backend.ts) build on:
 *
 *   page → client → (MSW or in-process) → linekit/server.handle → mock.fetch
 *   mock webhook → linekit/server webhook route → bus → SSE → provider
 */
import { http, type RequestHandler } from 'msw'
import { createMockService, type AccountSummary, type MockServiceOptions } from 'linekit/mocks'
import { createLinekitServer, type LinekitServer, type LinekitServerOptions } from 'linekit/server'
import { trackServer } from './openServers'

/** Host names the backend pretends the service lives on (never reached: all in-process). */
export const serviceHosts = {
  baseUrl: 'https://api.mock.linekit.test',
  appUrl: 'https://app.mock.linekit.test',
} as const

/** Options of {@link createServiceChain}. */
export interface ServiceChainOptions {
  /** The mock's seed and clock. */
  mock?: Pick<MockServiceOptions, 'seed' | 'clock'>
  /** Kind of the seeded account the user works in. */
  account: string
  /** Path prefix of the server's routes. */
  prefix: string
  /** The webhook route's secret path segment. @default 'whsec_service_chain' */
  webhookSecret?: string
  /** The app user `authorize` answers with (a `server.authorize` replaces both). @default 'user' */
  userId?: string
  /** The user's lines. @default every line of the account */
  lineIds?: (lines: AccountSummary['lines']) => string[]
  /** More server options (logger, clock, read model, budget, `authorize`, an upstream `fetch` around `mock.fetch`). */
  server?: Partial<LinekitServerOptions>
  /** Called with each webhook the mock sent and the server's answer status. */
  onWebhook?: (body: unknown, status: number) => void
  /** Called when the page's event stream has opened. */
  onEventsOpen?: () => void
}

/**
 * A fresh mock and the real server in front of it, for one seeded account; the mock's webhooks go
 * into the server's webhook route once `addWebhook()` has configured them.
 */
export function createServiceChain(options: ServiceChainOptions) {
  const ref: { server?: LinekitServer } = {}
  const mock = createMockService({
    ...options.mock,
    webhookSender: webhookSenderInto(() => ref.server, options.onWebhook),
  })
  const kind = options.account
  const account = mock.control.accounts().find((a) => a.kind === kind)
  if (!account) throw new Error(`backend: the mock has no seeded ${kind} account`)
  const apiKey = accountApiKey(account, kind)
  if (!apiKey) throw new Error(`backend: the ${kind} account has no API key`)
  const webhookSecret = options.webhookSecret ?? 'whsec_service_chain'
  const lineIds = options.lineIds ? options.lineIds(account.lines) : account.lines.map((l) => l.lineId)
  const server = createLinekitServer({
    apiKey,
    ...serviceHosts,
    prefix: options.prefix,
    webhookSecret,
    authorize: async () => ({ userId: options.userId ?? 'user', lineIds }),
    fetch: mock.fetch,
    // Stories and tests move a call along within a second and poll its status every few tens of
    // ms: the server keeps each call-status answer a quarter second here (5 s by default, which
    // bounds a live call's reads of the key's budget; server-helpers/routes/callStatus.ts).
    callStatusMaxAgeMs: 250,
    ...options.server,
  })
  ref.server = server
  const eventsPath = `${server.prefix}/events`
  const handlers: RequestHandler[] = [
    http.all(`*${server.prefix}/*`, async ({ request }) => {
      const response = await server.handle(asScriptedRequest(request))
      if (response.ok && new URL(request.url).pathname === eventsPath) options.onEventsOpen?.()
      return response
    }),
  ]
  /** Sends the account's webhooks (messages and calls) into the server's route. */
  const addWebhook = () =>
    void mock.control.webhooks.create({
      accountId: account.accountId,
      url: `http://localhost${server.prefix}/webhooks/${webhookSecret}`,
      inbound: true,
      outbound: true,
      audioCalls: true,
    })
  /** Closes the server: its read model stops polling the mock. */
  const close = trackServer(server)
  return { mock, server, account, apiKey, handlers, prefix: server.prefix, addWebhook, close }
}

/**
 * The mock's webhook sender: each delivery goes straight into the server's real webhook route
 * (no network). `server()` is read per delivery because the mock exists before the server does.
 */
function webhookSenderInto(
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
function accountApiKey(
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
