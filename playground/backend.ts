/**
 * The playground's backend (Node, inside the Vite dev server): `linekit/server` with the
 * in-process mock service as its upstream, or the real service when `LINEKIT_API_KEY`,
 * `LINEKIT_BASE_URL` and `LINEKIT_APP_URL` are set. Loaded by linekitPlugin.ts through Vite's
 * SSR loader (so the `linekit/*` aliases resolve to the sources).
 */
import { randomBytes } from 'node:crypto'
import { createMockService, seedAccountIds, seedKeys, type MockService } from 'linekit/mocks'
import { createWebhook } from '../mocks/service/webhookConfig'
import { attachWebhooks, getWebhookDispatcher } from '../mocks/service/webhookDelivery'
import { createLinekitServer, type LinekitServer } from 'linekit/server'

/** Where the backend gets its data. */
export type PlaygroundMode = 'mock' | 'service'

/** Options of {@link createPlaygroundBackend}. */
export interface PlaygroundBackendOptions {
  /** Environment (reads LINEKIT_API_KEY, LINEKIT_BASE_URL, LINEKIT_APP_URL, LINEKIT_WEBHOOK_SECRET, LINEKIT_MOCK_RATE_LIMIT). */
  env?: Record<string, string | undefined>
  /** Routes prefix. @default '/api/linekit' */
  prefix?: string
}

/** What {@link createPlaygroundBackend} returns. */
export interface PlaygroundBackend {
  mode: PlaygroundMode
  server: LinekitServer
  /** The in-process mock (mock mode only). */
  mock?: MockService
  /** Secret path segment of the webhook route. */
  webhookSecret: string
  /**
   * The mock's control API (`/__mock/*`, mock mode only). A reset restores the seed, which has
   * no webhooks: this re-creates the one into the webhook route so events keep flowing.
   */
  control?: (request: Request) => Promise<Response>
  /** Releases the bus. */
  close(): Promise<void>
}

const fromEnv = (env: Record<string, string | undefined>) => {
  const apiKey = env.LINEKIT_API_KEY
  const baseUrl = env.LINEKIT_BASE_URL
  const appUrl = env.LINEKIT_APP_URL
  return apiKey && baseUrl && appUrl ? { apiKey, baseUrl, appUrl } : undefined
}

/** Stops the server's read model, then releases its bus (the model's last writes go through it). */
async function closeServer(server: LinekitServer): Promise<void> {
  await server.close()
  await server.bus.close?.()
}

/** Reads line ids from a `GET /get-lines` answer (an array, or the trial descriptor). */
function lineIdsOf(body: unknown): string[] {
  const list = Array.isArray(body) ? body : ((body as { lines?: unknown } | null)?.lines ?? [])
  return Array.isArray(list) ? list.flatMap((l) => (typeof l?.lineId === 'string' ? [l.lineId as string] : [])) : []
}

/**
 * Creates the backend. The playground has one user (you), allowed on every line of the account.
 */
export function createPlaygroundBackend(options: PlaygroundBackendOptions = {}): PlaygroundBackend {
  const env = options.env ?? process.env
  const prefix = options.prefix ?? '/api/linekit'
  const real = fromEnv(env)
  const webhookSecret = env.LINEKIT_WEBHOOK_SECRET ?? randomBytes(12).toString('hex')

  if (real) {
    let lines: Promise<string[]> | undefined
    const server: LinekitServer = createLinekitServer({
      ...real,
      prefix,
      webhookSecret,
      authorize: async () => {
        // The playground's single user may use every line of the account.
        lines ??= fetch(`${real.baseUrl.replace(/\/+$/, '')}/get-lines`, {
          headers: { authorization: `Bearer ${real.apiKey}` },
        })
          .then((r) => r.json())
          .then(lineIdsOf)
          .catch((error: unknown) => {
            lines = undefined
            throw error
          })
        return { userId: 'playground', lineIds: await lines }
      },
    })
    return {
      mode: 'service',
      server,
      webhookSecret,
      close: () => closeServer(server),
    }
  }

  const mock = createMockService({ seed: 1 })
  const rateLimit = Number(env.LINEKIT_MOCK_RATE_LIMIT)
  if (Number.isFinite(rateLimit) && rateLimit > 0) mock.control.updateSettings({ rateLimitPerMinute: rateLimit })
  // The account object is replaced by a reset: look it up by its fixed id each time.
  const account = () => mock.control.account({ accountId: seedAccountIds.production })
  const create = () =>
    createLinekitServer({
      apiKey: seedKeys.production,
      baseUrl: 'http://mock.linekit.local',
      appUrl: 'http://mock.linekit.local',
      prefix,
      webhookSecret,
      fetch: (request) => mock.fetch(request),
      authorize: async () => ({ userId: 'playground', lineIds: [...account().lineIds] }),
    })
  // A mock reset returns the service to its seed (clock, ids and rate limits included), so the
  // server in front of it starts afresh too: its budget gate, read model and learned maps describe
  // the service as it was. The dev-server middleware keeps this one object.
  let current = create()
  const server: LinekitServer = {
    prefix: current.prefix,
    get bus() {
      return current.bus
    },
    handle: (request, context) => current.handle(request, context),
    settled: () => current.settled(),
    ready: () => current.ready(),
    close: () => current.close(),
  }
  // The mock's webhooks go into the real webhook route (in-process: no port to know).
  const sender = async (url: string, body: unknown) => {
    const response = await server.handle(
      new Request(new URL(new URL(url).pathname, 'http://127.0.0.1').toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
    return { status: response.status }
  }
  const dispatcher = getWebhookDispatcher(mock.state)
  if (dispatcher) dispatcher.setSender(sender)
  else attachWebhooks(mock.state, { sender })
  const configureWebhook = () =>
    createWebhook(mock.state, {
      accountId: seedAccountIds.production,
      url: `http://playground.local${prefix}/webhooks/${webhookSecret}`,
      inbound: true,
      outbound: true,
      audioCalls: true,
    })
  configureWebhook()
  const control = async (request: Request) => {
    const isReset = request.method === 'POST' && new URL(request.url).pathname === '/__mock/reset'
    const response = await mock.fetch(request)
    if (isReset && response.ok) {
      const previous = current
      current = create()
      await closeServer(previous)
      configureWebhook()
    }
    return response
  }
  return {
    mode: 'mock',
    server,
    mock,
    webhookSecret,
    control,
    close: () => closeServer(server),
  }
}
