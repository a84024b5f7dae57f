/**
 * `createLinekitServer`: one Web-standard `(request) => Promise<Response>` over the route modules
 * of routes/ (the proxy, the mint, the webhook receiver, the event stream, the inbound calls, the
 * search) that share one context (routeContext.ts): the options, the logger, and the budget gates
 * every upstream call goes through.
 */
import type { LinekitLogger } from './routeContext'
import { createContext, redactWith } from './routeContext'
import type { EventBus } from './eventBus'
import { createMemoryEventBus } from './eventBus'
import { createMemoryBudgetStore } from './gate/budgetStore'
import { createBudgetGate } from './gate/budgetGate'
import { createAccountLinesCache } from './internal/accountLines'
import { BodyTooLargeError, LinekitHttpError, messagingError, methodNotAllowed, notFound } from './internal/http'
import { createLearned } from './internal/learned'
import { createWebhookHealth } from './internal/webhookHealth'
import { kitMintPath, kitRoutes } from '../src/api/endpoints/routes'
import { allowedMethods, matchProxyRoute } from './internal/proxyRoutes'
import { createScopeChecks, LinesRefused } from './internal/scope'
import { upstreamUrl } from './internal/upstream'
import { getLinesRoute } from '../src/api/endpoints/getLinesRoute'
import { createEventStreamRoute } from './routes/eventStreamRoute'
import { createInboundCallsRoute } from './routes/inboundCallsRoute'
import { createGroupsRoute } from './routes/groupsRoute'
import { createMintRoute } from './routes/mintRoute'
import { createSearchRoute } from './routes/searchRoute'
import { checkCsrf, createProxyRoute } from './routes/proxy'
import { createWebhookRoute } from './routes/webhookRoute'
import type { LinekitHealth } from './routes/healthRoute'
import { createHealthRoute, healthPath, watchWebhooks } from './routes/healthRoute'
import { attachReadModel } from './attachReadModel'
import type { ServerSetting } from './internal/serverSettings'
import { assertServerSettings, serverSettings } from './internal/serverSettings'
import type { LinekitServerOptions } from './serverOptions'

export type { LinekitLogger } from './routeContext'
export type { LinekitUser } from './internal/scope'
export type { ReadModelSetup } from './attachReadModel'

export type { LinekitServerOptions } from './serverOptions'

/** Per-request context an adapter may pass. */
export interface HandleContext {
  /** Keeps background work (the webhook publish) alive after the response, on platforms that need it. */
  waitUntil?: (promise: Promise<unknown>) => void
}

/** What {@link createLinekitServer} returns. */
export interface LinekitServer {
  /** Serves every route under the prefix; other paths get a 404. */
  handle(request: Request, context?: HandleContext): Promise<Response>
  /** The event bus (publish your own events, or share it). */
  bus: EventBus
  /** The normalized prefix, e.g. `/api/linekit`. */
  prefix: string
  /** Resolves when the background work started so far (webhook publishes) is done. */
  settled(): Promise<void>
  /** What `GET <prefix>/health` answers: closing or not, and whether the service still delivers webhooks. */
  health?(): LinekitHealth
  /**
   * Resolves once the read model holds what its store holds (with Redis: what the other instances
   * recorded and learned), so reads and webhooks are answered from it without waiting or going
   * upstream. Await it before taking traffic (a readiness check); requests before it are served,
   * only slower. Rejects when the store cannot be read.
   */
  ready(): Promise<void>
  /**
   * Shuts this instance down without dropping anything it acknowledged: ends every event stream
   * (browsers reconnect to another instance and replay by Last-Event-ID), waits for the requests
   * in flight (those still arriving on open connections too) and the webhooks' publishes, then
   * stops the read model's reconciler (it saves the model and gives its lease up, so another
   * instance takes over at once). Stop taking new connections first (`server.close()`); no timer
   * of the server keeps a process alive.
   */
  close(): Promise<void>
}

/**
 * Creates the linekit backend: the allowlisted API proxy, the voice-token route, the webhook
 * receiver and the SSE event stream, as one Web-standard `(request) => Promise<Response>`.
 *
 * @example
 * ```ts
 * const linekit = createLinekitServer({
 *   apiKey: process.env.LINEKIT_API_KEY!,
 *   baseUrl: process.env.LINEKIT_BASE_URL!,
 *   appUrl: process.env.LINEKIT_APP_URL!,
 *   webhookSecret: process.env.LINEKIT_WEBHOOK_SECRET!,
 *   authorize: async (request) => {
 *     const user = await getSessionUser(request)
 *     return user ? { userId: user.id, lineIds: user.lineIds } : null
 *   },
 * })
 * export const { GET, POST } = toNextHandlers(linekit)
 * ```
 */
export function createLinekitServer(options: LinekitServerOptions): LinekitServer {
  // `satisfies`: the list the server checks (and docs/deploy.md shows) names every option.
  assertServerSettings(
    options as unknown as Record<string, unknown>,
    serverSettings satisfies Record<keyof LinekitServerOptions, ServerSetting>,
  )
  const redact = redactWith(options.apiKey)
  const redactDetails = (details: Record<string, unknown> | undefined) => {
    if (details === undefined) return undefined
    try {
      const serialized = JSON.stringify(details)
      return serialized.includes(options.apiKey) ? (JSON.parse(redact(serialized)) as Record<string, unknown>) : details
    } catch {
      return { details: '[unserializable]' }
    }
  }
  const sink: LinekitLogger = options.logger ?? {
    warn: (message, details) => console.warn(`[linekit/server] ${message}`, details ?? ''),
    error: (message, details) => console.error(`[linekit/server] ${message}`, details ?? ''),
  }
  // Error messages we log come from the upstream fetch and from `authorize`; some HTTP stacks
  // put the request's headers in them. The logger is never given the key, even that way.
  const logger: LinekitLogger = {
    warn: (message, details) => sink.warn(redact(message), redactDetails(details)),
    error: (message, details) => sink.error(redact(message), redactDetails(details)),
  }
  const now = options.now ?? Date.now
  const store = options.budgetStore ?? (() => createMemoryBudgetStore({ now }))
  const maxQueue = options.maxQueue ?? 20
  const prefix = `/${(options.prefix ?? '/api/linekit').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  const ctx = createContext({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    appUrl: options.appUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? ((request, init) => globalThis.fetch(request, init)),
    bus:
      options.eventBus ??
      createMemoryEventBus({
        replayBufferSize: options.replayBufferSize ?? 1000,
        // One stream's failure is logged; the other streams still receive the event.
        onListenerError: (error) =>
          logger.error('an event listener threw; the other listeners received the event', {
            error: error instanceof Error ? error.message : String(error),
          }),
      }),
    logger,
    gate: createBudgetGate({ store: store('messaging'), limit: options.requestsPerMinute ?? 60, maxQueue, now }),
    mintGate: createBudgetGate({
      store: store('mint'),
      limit: options.mintsPerMinute ?? 30,
      maxQueue: Math.ceil(maxQueue / 2),
      now,
    }),
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 15_000,
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    now,
  })
  const csrf = {
    header: (options.csrfHeader ?? 'x-linekit-csrf').toLowerCase(),
    allowedOrigins: options.allowedOrigins ?? [],
  }
  const learned = createLearned(options.lineNumbers, logger)
  const accountLines = createAccountLinesCache({
    fetchLines: async () => {
      const answer = await ctx.upstream(
        { method: 'GET', url: upstreamUrl(ctx.baseUrl, getLinesRoute) },
        { priority: 'read' },
      )
      if (answer.status < 200 || answer.status >= 300) throw new LinesRefused(() => ctx.relay(answer))
      // An unreadable listing is not cached (the next request asks again).
      return JSON.parse(redact(answer.text)) as unknown
    },
    ttlMs: options.linesCacheMs ?? 60_000,
    now,
    // The listing, when it shows a line's number, is preferred over what answers taught.
    onLoad: (lines) => learned.learnListing(lines.numbers),
  })
  // Whether the service still delivers webhooks; while it does not, the reader reads more often.
  const health = createWebhookHealth({
    enabled: Boolean(options.webhookSecret) && options.readModel !== false && options.readModel?.reconciler !== false,
    now,
    logger,
    onChange: (stopped) => attached?.reconciler?.hurry(stopped),
  })
  watchWebhooks(ctx.bus, health)
  // Every instance learns each call's line (and each line's number) from the audio-call events
  // on the shared bus, whichever instance received the webhook.
  ctx.bus.subscribe((event) => {
    if (event.type === 'message' || event.type === 'message.record') return
    learned.learnCall(event.data.call_uuid, event.data.pb_line_id)
    learned.learnNumber(event.data.linePhoneNumber, event.data.pb_line_id)
  })
  // The embedded default is the bounded in-memory model: browsers read from it, not the service.
  const attached = options.readModel === false ? null : attachReadModel(ctx, options.readModel ?? {}, health)
  const model = attached?.model
  const scopes = createScopeChecks(ctx, options.authorize, accountLines)
  const proxy = createProxyRoute(ctx, {
    scopes,
    learned,
    model,
    listSoon: () => attached?.reconciler?.soon(),
    callStatusMaxAgeMs: options.callStatusMaxAgeMs ?? 5000,
    typingIntervalMs: options.typingIntervalMs ?? 3000,
  })
  const mint = createMintRoute(ctx, scopes, csrf)
  const webhook = createWebhookRoute(ctx, {
    secrets: options.webhookSecret === false ? [] : [options.webhookSecret].flat(),
    learned,
    accountLines,
    publishTimeoutMs: options.publishTimeoutMs ?? 5000,
    model,
  })
  // close(): event streams end at once (their browsers reconnect elsewhere); requests in flight finish.
  const shutdown = new AbortController()
  const inflight = new Set<Promise<unknown>>()
  const healthRoute = createHealthRoute(
    async () => {
      await model?.ready()
    },
    health,
    shutdown.signal,
  )
  const kitHandlers = {
    listInboundCalls: createInboundCallsRoute(model),
    searchMessages: createSearchRoute(model),
    listGroups: createGroupsRoute(model),
  }
  const events = createEventStreamRoute(ctx, {
    heartbeatMs: options.heartbeatMs ?? 15_000,
    retryMs: options.retryMs ?? 1000,
    maxStreamsPerUser: options.maxStreamsPerUser ?? 10,
    maxStreams: options.maxStreams ?? 1000,
    closing: shutdown.signal,
  })

  const route = async (request: Request, context: HandleContext | undefined): Promise<Response> => {
    const url = new URL(request.url)
    const path = url.pathname
    if (path !== prefix && !path.startsWith(`${prefix}/`)) throw notFound()
    const sub = path.slice(prefix.length)
    const method = request.method.toUpperCase()
    if (sub.startsWith('/webhooks/')) {
      const secret = sub.slice('/webhooks/'.length)
      if (secret.includes('/')) throw notFound()
      if (method !== 'POST') throw methodNotAllowed('POST')
      return webhook(request, secret, context?.waitUntil)
    }
    if (sub === healthPath) {
      return healthRoute.handle(method)
    }
    if (sub === '/events') {
      if (method !== 'GET') throw methodNotAllowed('GET')
      return events(request, url, await scopes.authorize(request))
    }
    // The routes answered from the read model are defined beside the service's endpoints
    // (`kitRoutes`), where the client takes its methods from too.
    const kit = kitRoutes.find((route) => route.path === sub)
    if (kit) {
      if (method !== kit.method) throw methodNotAllowed(kit.method)
      return kitHandlers[kit.id](url, await scopes.authorize(request))
    }
    if (sub === kitMintPath) {
      if (method !== 'POST') throw methodNotAllowed('POST')
      return mint(request)
    }
    const matched = matchProxyRoute(method, sub)
    if (!matched) {
      const allow = allowedMethods(sub)
      throw allow.length > 0 ? methodNotAllowed(allow.join(', ')) : notFound()
    }
    if (method === 'POST') checkCsrf(request, csrf)
    return proxy(request, matched, url, await scopes.authorize(request))
  }

  return {
    bus: ctx.bus,
    prefix,
    handle(request, context) {
      const answer = respond(request, context)
      inflight.add(answer)
      void answer.finally(() => inflight.delete(answer)).catch(() => undefined)
      return answer
    },
    settled: () => ctx.settled(),
    health: healthRoute.snapshot,
    ready: async () => {
      await model?.ready()
    },
    close: async () => {
      shutdown.abort()
      // Requests and webhooks still arriving on open connections are served and awaited too.
      while (inflight.size > 0) await Promise.allSettled([...inflight])
      await ctx.settled()
      await attached?.reconciler?.stop()
    },
  }

  async function respond(request: Request, context: HandleContext | undefined): Promise<Response> {
    try {
      return await route(request, context)
    } catch (thrown) {
      if (thrown instanceof LinekitHttpError) return thrown.response
      if (thrown instanceof BodyTooLargeError)
        return messagingError(
          413,
          'payload_too_large',
          `The body exceeds ${thrown.limit} bytes`,
          'Send a smaller body.',
        ).response
      if (request.signal.aborted) return new Response(null, { status: 499 })
      logger.error('request failed', { error: thrown instanceof Error ? thrown.message : String(thrown) })
      return messagingError(500, 'internal_error', 'Internal error', 'Retry later.').response
    }
  }
}
