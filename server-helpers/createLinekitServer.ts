import type { EventBus, LinekitEvent } from './eventBus'
import { createMemoryEventBus } from './eventBus'
import { createAccountLinesCache } from './internal/accountLines'
import { isCsrfSafe } from './internal/csrf'
import {
  BodyTooLargeError,
  bytesInclude,
  forwardableHeaders,
  json,
  messagingError,
  mintError,
  notFound,
  readBodyCapped,
  Reply,
} from './internal/http'
import type { LinePolicy, MatchedRoute, ProxyRoute } from './internal/routes'
import { handlePattern, matchProxyRoute, pathExists, proxyRoutes } from './internal/routes'
import type { Timers } from './internal/sse'
import { realTimers, SseReply } from './internal/sse'
import { timingSafeEqual } from './internal/timingSafeEqual'
import type { Cancellation, UpstreamAnswer, UpstreamFetch } from './internal/upstream'
import { cancellationOf, transportOf } from './internal/upstream'
import { classifyWebhook, parseVoiceTokenRequest } from './internal/webhook'

/** Who is calling, as decided by the application's {@link LinekitServerOptions.authorize}. */
export interface LinekitUser {
  userId: string
  /** The line ids (UUIDs from the lines listing) this user may use, list and hear about. */
  lineIds: string[]
}

/** Where linekit/server reports what it did not forward. The API key is never passed to it. */
export interface LinekitLogger {
  warn(message: string, details?: Record<string, unknown>): void
  error(message: string, details?: Record<string, unknown>): void
}

/** Options of {@link createLinekitServer}. */
export interface LinekitServerOptions {
  /** The workspace API key. Stays on the server: added to upstream calls, never echoed. */
  apiKey: string
  /** The service's `{base_url}` (messaging API). */
  baseUrl: string
  /** The service's `{app_url}` (voice-token mint). */
  appUrl: string
  /**
   * Decides who the caller is (from your session cookie, JWT, …) and which lines they may use.
   * Return `null` for 401; throw a `Response` to answer with it (e.g. a 403).
   */
  authorize: (request: Request) => Promise<LinekitUser | null>
  /** Secret path segment of the webhook URL (`<prefix>/webhooks/<secret>`). Without it the webhook route is off. */
  webhookSecret?: string
  /** Path prefix of every route. @default '/api/linekit' */
  prefix?: string
  /**
   * Upstream fetch (on Node `createNodeFetch()` from `linekit/server/node`; the mock service's in
   * tests and stories). Honour `init.signal` (the time limit and the browser leaving; also set as
   * `request.signal`, which Node's Request may stop following after a garbage collection). The
   * answer is awaited only until that signal aborts either way. @default globalThis.fetch
   */
  fetch?: UpstreamFetch
  /** Event bus between the webhook route and the SSE streams. @default createMemoryEventBus({ replayBufferSize }) */
  eventBus?: EventBus
  /** Largest accepted request body, in bytes; larger gets 413. @default 65536 */
  maxBodyBytes?: number
  /** Origins accepted on state-changing requests besides the request's own origin. @default [] */
  allowedOrigins?: string[]
  /** Header that also passes the CSRF check (send any non-empty value). @default 'x-linekit-csrf' */
  csrfHeader?: string
  /** Upstream time limit, in ms. @default 15000 */
  upstreamTimeoutMs?: number
  /** @default console */
  logger?: LinekitLogger
  /** Interval of SSE heartbeat comments, in ms. @default 15000 */
  heartbeatMs?: number
  /** SSE `retry:` sent to browsers, in ms. @default 3000 */
  retryMs?: number
  /** Replay buffer of the default in-memory bus. @default 1000 */
  replayBufferSize?: number
  /** Line number (E.164) → line id, for message webhooks, which name the line by number only. Trusted over the listing. */
  lineNumbers?: Record<string, string>
  /** How long the account's line listing is cached, in ms. @default 60000 */
  linesCacheMs?: number
  /**
   * How long one webhook's publish may take before the next webhook's publish starts anyway
   * (a bus command lost in a Redis failover must not hold back every later event). @default 5000
   */
  publishTimeoutMs?: number
  /** Clock (tests inject one). @default Date.now */
  now?: () => number
  /** Timers of the SSE heartbeat (tests inject them). */
  timers?: Timers
}

/** Per-request context an adapter may pass. */
export interface HandleContext {
  /** Keeps background work (the webhook publish) alive after the response, on platforms that need it. */
  waitUntil?: (promise: Promise<unknown>) => void
}

/** What an adapter of this package may also pass: the browser leaving, in a cheaper form than `request.signal`. */
export interface CoreContext extends HandleContext {
  cancel?: Cancellation
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
}

const MINT_PATH = '/api/v1/dialer/token'
const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000
const MAX_REMEMBERED_RUNS = 10_000

type Body = Record<string, unknown>

/**
 * A deterministic 212-bit hash as 56 hex characters (four seeded cyrb53 rounds). Not a MAC: it
 * only keeps users' idempotency keys apart (and user ids out of what the service sees), the same
 * on every runtime and instance — Web Crypto's digest is async and missing outside secure contexts.
 */
function namespaceHash(text: string): string {
  let out = ''
  for (let seed = 1; seed <= 4; seed++) {
    let h1 = 0xdeadbeef ^ seed
    let h2 = 0x41c6ce57 ^ seed
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i)
      h1 = Math.imul(h1 ^ ch, 2654435761)
      h2 = Math.imul(h2 ^ ch, 1597334677)
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
    out += (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
  }
  return out
}

/** Replaces every occurrence of `secret` in `text`. */
function redactWith(secret: string) {
  const redact = (text: string): string =>
    secret && text.includes(secret) ? text.split(secret).join('[redacted]') : text
  const redactDetails = (details: Record<string, unknown> | undefined): Record<string, unknown> | undefined => {
    if (details === undefined) return undefined
    let serialized: string
    try {
      serialized = JSON.stringify(details)
    } catch {
      return { details: '[unserializable]' }
    }
    return serialized.includes(secret) ? (JSON.parse(redact(serialized)) as Record<string, unknown>) : details
  }
  return { redact, redactDetails }
}

const utf8 = new TextDecoder()

/** An upstream answer, read whole; decoded as text only when a route looks inside it. */
class Upstream {
  #text: string | undefined
  constructor(readonly answer: UpstreamAnswer) {}
  get status(): number {
    return this.answer.status
  }
  get ok(): boolean {
    return this.answer.status >= 200 && this.answer.status < 300
  }
  get text(): string {
    this.#text ??= utf8.decode(this.answer.bytes)
    return this.#text
  }
}

/** The service refused the lines lookup; each waiting request relays the same answer. */
class LinesRefused {
  constructor(readonly upstream: Upstream) {}
  toString(): string {
    return `get-lines answered ${this.upstream.status}`
  }
}

/** JSON.parse, `undefined` when the text is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** What a route answers: content in hand, an event stream, or a `Response` the app's `authorize` threw. */
export type Outcome = Reply | SseReply | Response

/**
 * The answer before it becomes a Web `Response`, for an adapter that writes {@link Reply} and
 * {@link SseReply} itself (server-helpers/node.ts). Registered, so separate bundles agree on it.
 */
export const outcomeKey: unique symbol = Symbol.for('linekit.outcome') as never

/** The Web form of an outcome. */
export function toResponse(outcome: Outcome): Response {
  return outcome instanceof Reply || outcome instanceof SseReply ? outcome.toResponse() : outcome
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
 *   webhookSecret: process.env.LINEKIT_WEBHOOK_SECRET,
 *   authorize: async (request) => {
 *     const user = await getSessionUser(request)
 *     return user ? { userId: user.id, lineIds: user.lineIds } : null
 *   },
 * })
 * export const { GET, POST } = toNextHandlers(linekit)
 * ```
 */
export function createLinekitServer(options: LinekitServerOptions): LinekitServer {
  if (!options.apiKey)
    throw new Error('createLinekitServer: apiKey is required (keep it in a server-side environment variable).')
  if (typeof options.authorize !== 'function') throw new Error('createLinekitServer: authorize(request) is required.')
  const apiKey = options.apiKey
  const { redact, redactDetails } = redactWith(apiKey)
  const apiKeyBytes = new TextEncoder().encode(apiKey)
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const appUrl = options.appUrl.replace(/\/+$/, '')
  const prefix = `/${(options.prefix ?? '/api/linekit').replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  const transport = transportOf(options.fetch ?? ((request, init) => globalThis.fetch(request, init)))
  const bus = options.eventBus ?? createMemoryEventBus({ replayBufferSize: options.replayBufferSize ?? 1000 })
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024
  const csrf = {
    header: (options.csrfHeader ?? 'x-linekit-csrf').toLowerCase(),
    allowedOrigins: options.allowedOrigins ?? [],
  }
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 15_000
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
  const timers = options.timers ?? realTimers
  const heartbeatMs = options.heartbeatMs ?? 15_000
  const publishTimeoutMs = options.publishTimeoutMs ?? 5000
  const retryMs = options.retryMs ?? 3000
  // The table matches the contract's messaging endpoints exactly (internal/routes.test.ts).
  const routes: readonly ProxyRoute[] = proxyRoutes
  const pending = new Set<Promise<unknown>>()
  const localClaims = new Map<string, number>()
  const runLines = new Map<number, string>()
  let publishChain: Promise<void> = Promise.resolve()

  const getHeaders = { authorization: `Bearer ${apiKey}`, accept: 'application/json' }
  const postHeaders = { ...getHeaders, 'content-type': 'application/json' }

  /**
   * Calls the service and reads the whole answer (every route filters or relays it whole); the
   * key goes only here. The time limit covers the body too. Throws on network failure or timeout.
   */
  const callUpstream = async (
    url: string,
    method: 'GET' | 'POST',
    body: string | undefined,
    cancel: Cancellation | undefined,
  ): Promise<Upstream> => {
    const headers = body === undefined ? getHeaders : postHeaders
    return new Upstream(await transport({ url, method, headers, body, cancel, timeoutMs: upstreamTimeoutMs }))
  }

  /**
   * Copies an upstream answer (or `replacement`, a filtered body) for the browser: safe headers,
   * the key redacted if it ever appears. An answer without the key goes out as the same bytes.
   */
  const relay = (upstream: Upstream, replacement?: string): Reply => {
    const { status, statusText, headers, bytes } = upstream.answer
    const relayed = (body: Reply['body']) =>
      new Reply(status, forwardableHeaders(headers, apiKey), body, redact(statusText))
    if (status === 204 || status === 304) return relayed(null)
    if (replacement === undefined && !bytesInclude(bytes, apiKeyBytes)) return relayed(bytes)
    return relayed(redact(replacement ?? upstream.text))
  }

  const accountLines = createAccountLinesCache({
    fetchLines: async () => {
      const upstream = await callUpstream(`${baseUrl}/get-lines`, 'GET', undefined, undefined)
      // The service's refusal (a 429 with Retry-After, a 401 …) is what the browser should see;
      // concurrent callers share this rejection.
      if (!upstream.ok) throw new LinesRefused(upstream)
      return JSON.parse(upstream.text) as unknown
    },
    lineNumbers: options.lineNumbers,
    ttlMs: options.linesCacheMs ?? 60_000,
    now,
  })

  const track = (promise: Promise<unknown>, context: HandleContext | undefined) => {
    const guarded = promise.catch((error: unknown) => logger.error('background task failed', { error: String(error) }))
    pending.add(guarded)
    void guarded.finally(() => pending.delete(guarded))
    context?.waitUntil?.(guarded)
  }

  // ---- authorization -------------------------------------------------------------------

  const authorize = async (request: Request): Promise<{ user: LinekitUser; lines: Set<string> }> => {
    // A Response the app throws is the answer (see `authorize`): respond() returns it.
    const user = await options.authorize(request)
    if (!user) {
      throw messagingError(401, 'unauthorized', 'Not signed in', 'Sign in to the application, then retry.')
    }
    return { user, lines: new Set(user.lineIds.map((id) => id.toLowerCase())) }
  }

  /**
   * True when the user may use every line of the account (then the service may choose the line).
   * On a trial account the service always uses the trial line and refuses an override
   * (spec: Trial accounts), so any user with a line counts as covering it.
   */
  const coversAccount = async (lines: Set<string>): Promise<boolean> => {
    try {
      const account = await accountLines.get()
      if (account.trial && lines.size > 0) return true
      if (account.ids.size === 0) return false
      for (const id of account.ids) if (!lines.has(id)) return false
      return true
    } catch (error) {
      if (error instanceof LinesRefused) throw relay(error.upstream)
      logger.warn('could not list the account lines; treating the user as limited to their own lines', {
        error: String(error),
      })
      return false
    }
  }

  const lineNotAllowed = () =>
    messagingError(403, 'line_not_allowed', 'This line is not one of yours', 'Use a lineId from GET /get-lines.')
  const lineRequired = (field: string) =>
    messagingError(
      400,
      'line_required',
      `${field} is required`,
      `You may use only some of the account's lines: pass ${field} (one of GET /get-lines).`,
    )
  const invalid = (error: string, hint: string) => messagingError(400, 'invalid_request', error, hint)

  /**
   * The line for a request that omits it. Decision (documented in server-helpers/README.md):
   * a user who may use every line of the account keeps the service's own choice (load
   * balancing, and trial accounts, which refuse a line override); a user with exactly one line
   * gets it filled in; a user with several but not all lines must name one (400 line_required),
   * because letting the service choose could pick a line that is not theirs.
   */
  const resolveOmittedLine = async (
    lines: Set<string>,
    user: LinekitUser,
    field: string,
  ): Promise<string | undefined> => {
    if (await coversAccount(lines)) return undefined
    if (user.lineIds.length === 1 && user.lineIds[0] !== undefined) return user.lineIds[0]
    if (user.lineIds.length === 0) throw lineNotAllowed()
    throw lineRequired(field)
  }

  // ---- proxy ---------------------------------------------------------------------------

  const readJsonBody = async (request: Request): Promise<Body> => {
    const text = await readBodyCapped(request, maxBodyBytes)
    if (text.trim() === '') return {}
    const parsed = parseJson(text)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw invalid(
        parsed === undefined ? 'The body is not valid JSON' : 'The body must be a JSON object',
        'Send a JSON object with Content-Type: application/json.',
      )
    }
    return parsed as Body
  }

  const stringField = (body: Body, field: string): string | undefined => {
    const value = body[field]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string') throw invalid(`${field} must be a string`, `Pass ${field} as a string.`)
    return value
  }

  /** Looks up a resource's line with the key; a non-200 answer is relayed as the result. */
  const lookupLine = async (url: string, field: string, cancel: Cancellation): Promise<string | null> => {
    let upstream: Upstream
    try {
      upstream = await callUpstream(url, 'GET', undefined, cancel)
    } catch (error) {
      // Same answer as the forwarded call would get (502/504), not a 500.
      throw upstreamFailure(error, 'messaging')
    }
    if (upstream.status === 404) throw notFound()
    if (!upstream.ok) throw relay(upstream)
    const record = parseJson(upstream.text) as Record<string, unknown> | null | undefined
    const line = record?.[field]
    return typeof line === 'string' ? line.toLowerCase() : null
  }

  const checkBodyPolicy = async (
    policy: LinePolicy,
    body: Body,
    scope: { user: LinekitUser; lines: Set<string> },
    cancel: Cancellation,
  ): Promise<void> => {
    const { user, lines } = scope
    switch (policy.kind) {
      case 'bodyLine': {
        const line = stringField(body, policy.field)
        if (line !== undefined) {
          if (!lines.has(line.toLowerCase())) throw lineNotAllowed()
          return
        }
        if (policy.required) throw lineRequired(policy.field)
        const filled = await resolveOmittedLine(lines, user, policy.field)
        if (filled !== undefined) body[policy.field] = filled
        return
      }
      case 'callLookup': {
        const callUuid = stringField(body, 'call_uuid')
        if (!callUuid) throw invalid('call_uuid is required', 'Pass the call_uuid from the ringing event.')
        const line = await lookupLine(
          `${baseUrl}/get-audiocall-call-status-api?call_uuid=${encodeURIComponent(callUuid)}`,
          'pb_line_id',
          cancel,
        )
        if (line === null || !lines.has(line)) throw notFound()
        return
      }
      case 'messageLookup': {
        const handle = stringField(body, 'messageHandle')
        if (!handle) throw invalid('messageHandle is required', 'Pass the message_handle of a received message.')
        // The handle becomes a path segment of the lookup: '.' or '..' would make the server
        // GET another path of the service with the key (spec: message_handle matches `pbm_…`).
        if (!handlePattern.test(handle))
          throw invalid(
            'messageHandle is not a message handle',
            'Pass the message_handle (pbm_…) of a received message.',
          )
        const line = await lookupLine(`${baseUrl}/get-message-api/${encodeURIComponent(handle)}`, 'line_id', cancel)
        if (line === null || !lines.has(line)) throw notFound()
        return
      }
      case 'run': {
        const runId = body.runId
        const known = typeof runId === 'number' ? runLines.get(runId) : undefined
        if (known !== undefined) {
          if (!lines.has(known)) throw notFound()
          return
        }
        // The service offers no way to read a run's line: only a user who may use every line
        // may cancel a run this server did not see enrolled.
        if (!(await coversAccount(lines))) {
          throw messagingError(
            403,
            'forbidden',
            'This run cannot be verified as yours',
            'Cancel runs enrolled through this server, or ask an administrator.',
          )
        }
        return
      }
      default:
        return
    }
  }

  const buildQuery = async (
    route: ProxyRoute,
    search: URLSearchParams,
    scope: { user: LinekitUser; lines: Set<string> },
  ): Promise<string> => {
    const allowed = route.query ?? []
    const out = new URLSearchParams()
    for (const name of allowed) {
      const values = search.getAll(name)
      // A repeated parameter could be read differently here and upstream (first vs last).
      if (values.length > 1) throw invalid(`${name} is repeated`, `Pass ${name} once.`)
      if (values[0] !== undefined) out.set(name, values[0])
    }
    if (route.policy.kind === 'queryLine') {
      const field = route.policy.field
      const line = out.get(field)
      if (line !== null) {
        if (!scope.lines.has(line.toLowerCase())) throw lineNotAllowed()
      } else {
        // Decision: no fan-out (it would break offset pagination); see resolveOmittedLine.
        const filled = await resolveOmittedLine(scope.lines, scope.user, field)
        if (filled !== undefined) out.set(field, filled)
      }
    }
    const query = out.toString()
    return query ? `?${query}` : ''
  }

  const filterResponse = async (
    route: ProxyRoute,
    upstream: Upstream,
    lines: Set<string>,
    requestBody: Body | undefined,
  ): Promise<Reply> => {
    const policy = route.policy
    if (upstream.status === 409 && route.path === '/send-group-message') return groupConflict(upstream, lines)
    if (!upstream.ok || (policy.kind !== 'lines' && policy.kind !== 'responseLine' && !route.remembersRun))
      return relay(upstream)
    const parsed = parseJson(upstream.text)
    if (parsed === undefined) {
      if (policy.kind === 'responseLine' || policy.kind === 'lines') {
        return messagingError(
          502,
          'upstream_unavailable',
          'The service answered with an unreadable body',
          'Retry later.',
        )
      }
      return relay(upstream)
    }
    if (policy.kind === 'lines') {
      accountLines.prime(parsed)
      const mine = (item: unknown) =>
        !!item &&
        typeof item === 'object' &&
        typeof (item as { lineId?: unknown }).lineId === 'string' &&
        lines.has((item as { lineId: string }).lineId.toLowerCase())
      let filtered: unknown = parsed
      if (Array.isArray(parsed)) filtered = parsed.filter(mine)
      else if (parsed && typeof parsed === 'object') {
        const descriptor = parsed as { lines?: unknown }
        filtered = Array.isArray(descriptor.lines) ? { ...descriptor, lines: descriptor.lines.filter(mine) } : parsed
      }
      return relay(upstream, JSON.stringify(filtered))
    }
    if (policy.kind === 'responseLine') {
      const line = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[policy.field] : undefined
      // Another user's message or call is "not found", not "forbidden": no existence oracle.
      if (typeof line !== 'string' || !lines.has(line.toLowerCase())) return notFound()
      return relay(upstream)
    }
    if (route.remembersRun && parsed && typeof parsed === 'object') {
      const { runId, pb_line_id } = parsed as { runId?: unknown; pb_line_id?: unknown }
      const line = typeof pb_line_id === 'string' ? pb_line_id : requestBody?.pb_line_id
      if (typeof runId === 'number' && typeof line === 'string') {
        runLines.set(runId, line.toLowerCase())
        if (runLines.size > MAX_REMEMBERED_RUNS) {
          const oldest = runLines.keys().next()
          if (!oldest.done) runLines.delete(oldest.value)
        }
      }
    }
    return relay(upstream)
  }

  /**
   * spec: group send 409 — "group already exists on a different line (body also carries
   * `devicePhoneNumber`)". When that line is not one of the user's, its number and the group id
   * are someone else's: drop them (the error and code stay), as other lines' numbers are never listed.
   */
  const groupConflict = async (upstream: Upstream, lines: Set<string>): Promise<Reply> => {
    const body = parseJson(upstream.text) as Record<string, unknown> | null | undefined
    if (!body || typeof body !== 'object' || typeof body.devicePhoneNumber !== 'string') return relay(upstream)
    const lineId = await accountLines.lineIdOfNumber(body.devicePhoneNumber)
    if (lineId !== null && lines.has(lineId)) return relay(upstream)
    const { devicePhoneNumber: _number, groupId: _group, ...rest } = body
    return relay(
      upstream,
      JSON.stringify({
        ...rest,
        hint: 'The group already exists on a line you cannot use; ask its owner, or change the recipients.',
      }),
    )
  }

  /**
   * Every user of the app shares the service's key, so the service's idempotency keys are shared
   * too: another user replaying a key would get a `deduped` answer with the first send's line and
   * nothing sent. In-bounds keys (spec: 1–200 characters; others are ignored, so left alone) are
   * namespaced per user with a hash: the same user's retry still replays.
   */
  const scopeIdempotencyKey = (body: Body, user: LinekitUser): void => {
    const key = body.idempotencyKey
    if (typeof key !== 'string' || key.length < 1 || key.length > 200) return
    body.idempotencyKey = `lku_${namespaceHash(`${user.userId}\n${key}`)}`
  }

  const proxy = async (request: Request, matched: MatchedRoute, url: URL, cancel: Cancellation): Promise<Reply> => {
    const { route } = matched
    if (route.method === 'POST' && !isCsrfSafe(request, csrf)) throw csrfRefusal()
    const scope = await authorize(request)
    let body: Body | undefined
    let query = ''
    if (route.method === 'POST') {
      body = await readJsonBody(request)
      await checkBodyPolicy(route.policy, body, scope, cancel)
      if (route.path === '/send-api-message' || route.path === '/send-group-message')
        scopeIdempotencyKey(body, scope.user)
    } else {
      query = await buildQuery(route, url.searchParams, scope)
    }
    let upstream: Upstream
    try {
      upstream = await callUpstream(
        `${baseUrl}${matched.upstreamPath}${query}`,
        route.method,
        body && JSON.stringify(body),
        cancel,
      )
    } catch (error) {
      return upstreamFailure(error, 'messaging')
    }
    return filterResponse(route, upstream, scope.lines, body)
  }

  const csrfRefusal = () =>
    messagingError(
      403,
      'csrf_failed',
      'Cross-site request refused',
      `Send the ${csrf.header} header (the linekit client does), or call from an allowed origin.`,
    )

  const upstreamFailure = (error: unknown, kind: 'messaging' | 'mint'): Reply => {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    logger.warn(timedOut ? 'upstream timed out' : 'upstream unreachable', {
      error: error instanceof Error ? error.message : String(error),
    })
    if (kind === 'mint')
      return mintError(503, 'dialer_unavailable', 'The voice-token service is unavailable; retry with backoff.')
    return timedOut
      ? messagingError(
          504,
          'upstream_timeout',
          'The service did not answer in time',
          'Retry later; sends are safe to retry with the same idempotencyKey.',
        )
      : messagingError(502, 'upstream_unavailable', 'The service could not be reached', 'Retry later.')
  }

  // ---- token route ---------------------------------------------------------------------

  const mint = async (request: Request, cancel: Cancellation): Promise<Outcome> => {
    if (!isCsrfSafe(request, csrf))
      return mintError(403, 'csrf_failed', `Cross-site request refused; send the ${csrf.header} header.`)
    let scope: { user: LinekitUser; lines: Set<string> }
    try {
      scope = await authorize(request)
    } catch (thrown) {
      if (thrown instanceof Reply && thrown.status === 401) return mintError(401, 'unauthorized', 'Not signed in.')
      throw thrown
    }
    let body: unknown
    try {
      body = JSON.parse(await readBodyCapped(request, maxBodyBytes))
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return mintError(413, 'payload_too_large', `The body exceeds ${maxBodyBytes} bytes.`)
      body = undefined
    }
    const lineId = parseVoiceTokenRequest(body)
    // spec: mint errors — 400 invalid_line_id for a missing lineId, refused before any upstream call.
    if (lineId === null) return mintError(400, 'invalid_line_id', 'lineId is required (one of GET /get-lines).')
    if (!scope.lines.has(lineId.toLowerCase()))
      return mintError(403, 'line_not_allowed', 'This line is not one of yours.')
    let upstream: Upstream
    try {
      upstream = await callUpstream(`${appUrl}${MINT_PATH}`, 'POST', JSON.stringify({ lineId }), cancel)
    } catch (error) {
      return upstreamFailure(error, 'mint')
    }
    // spec: POST {app_url}/api/v1/dialer/token — status, body and Retry-After forwarded unchanged,
    // including a proxy's non-JSON 502/503.
    return relay(upstream)
  }

  // ---- webhook route -------------------------------------------------------------------

  const claim = async (key: string): Promise<boolean> => {
    if (bus.claim) return bus.claim(key, DEDUPE_TTL_MS)
    const at = now()
    const expires = localClaims.get(key)
    if (expires !== undefined && expires > at) return false
    localClaims.set(key, at + DEDUPE_TTL_MS)
    if (localClaims.size > 10_000) {
      const oldest = localClaims.keys().next()
      if (!oldest.done) localClaims.delete(oldest.value)
    }
    return true
  }

  const processWebhook = async (text: string): Promise<void> => {
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      logger.warn('webhook body is not JSON; acknowledged and dropped', { length: text.length })
      return
    }
    const event = classifyWebhook(payload)
    if (!event) {
      logger.warn('webhook payload matches no known schema; acknowledged and dropped', {
        keys: payload && typeof payload === 'object' ? Object.keys(payload).slice(0, 20) : typeof payload,
      })
      return
    }
    if (event.kind === 'audiocall') {
      // spec: Audio-call events — one event per call even if the device repeats; we also guard.
      if (!(await claim(`${event.payload.call_uuid}:${event.payload.event}`))) return
      await bus.publish({
        type: event.payload.event,
        lineId: event.payload.pb_line_id.toLowerCase(),
        payload: event.payload,
      })
      return
    }
    const lineId = await accountLines.lineIdOfNumber(event.payload.linePhoneNumber)
    if (lineId === null) {
      logger.warn(
        'message webhook for a line number not in the lines listing nor in lineNumbers; no browser receives it',
        {
          linePhoneNumber: event.payload.linePhoneNumber,
        },
      )
    }
    await bus.publish({ type: 'message', lineId, payload: event.payload })
  }

  const webhook = async (request: Request, secret: string, context: HandleContext | undefined): Promise<Reply> => {
    if (!options.webhookSecret || !timingSafeEqual(secret, options.webhookSecret)) return notFound()
    let text: string
    try {
      text = await readBodyCapped(request, maxBodyBytes)
    } catch (error) {
      // spec: Events — a non-2xx counts toward auto-disable and is never retried: acknowledge.
      logger.warn('webhook body unreadable or too large; acknowledged and dropped', { error: String(error) })
      return json({ received: true })
    }
    // Publish in arrival order even when a message needs a line lookup and a call event does not;
    // a publish that never settles (bus down) releases the queue after publishTimeoutMs.
    const processed = publishChain.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            logger.error('event bus publish did not settle in time; later events go ahead', { publishTimeoutMs })
            resolve()
          }, publishTimeoutMs)
          processWebhook(text)
            .then(resolve, reject)
            .finally(() => clearTimeout(timer))
        }),
    )
    publishChain = processed.catch(() => undefined)
    track(processed, context)
    return json({ received: true })
  }

  // ---- events route --------------------------------------------------------------------

  const events = async (request: Request, url: URL): Promise<SseReply> => {
    const { lines } = await authorize(request)
    const lastEventId = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? undefined
    return new SseReply({
      bus,
      filter: (event: LinekitEvent) => event.lineId !== null && lines.has(event.lineId.toLowerCase()),
      lastEventId: lastEventId || undefined,
      heartbeatMs,
      retryMs,
      signal: request.signal,
      maxQueuedBytes: 1024 * 1024,
      timers,
    })
  }

  // ---- dispatch ------------------------------------------------------------------------

  /** The browser leaving: the adapter's own form (server-helpers/node.ts), else the request's signal. */
  const cancelOf = (request: Request, context: CoreContext | undefined): Cancellation =>
    context?.cancel ?? cancellationOf(request.signal)

  const route = async (request: Request, context: CoreContext | undefined): Promise<Outcome> => {
    const url = new URL(request.url)
    const path = url.pathname
    if (path !== prefix && !path.startsWith(`${prefix}/`)) return notFound()
    const sub = path.slice(prefix.length)
    const method = request.method.toUpperCase()
    if (sub.startsWith('/webhooks/')) {
      const secret = sub.slice('/webhooks/'.length)
      if (method !== 'POST' || secret.includes('/')) return notFound()
      return webhook(request, secret, context)
    }
    if (sub === '/events') {
      if (method !== 'GET') return methodNotAllowed('GET')
      return events(request, url)
    }
    if (sub === '/dialer/token') {
      if (method !== 'POST') return methodNotAllowed('POST')
      return mint(request, cancelOf(request, context))
    }
    const matched = matchProxyRoute(method, sub, routes)
    if (!matched) return pathExists(sub, routes) ? methodNotAllowed(method === 'GET' ? 'POST' : 'GET') : notFound()
    return proxy(request, matched, url, cancelOf(request, context))
  }

  const methodNotAllowed = (allow: string) =>
    json({ error: 'Method not allowed', code: 'method_not_allowed', hint: `Use ${allow}.` }, 405, { allow })

  const respond = async (request: Request, context?: CoreContext): Promise<Outcome> => {
    try {
      return await route(request, context)
    } catch (thrown) {
      // Answers thrown on the way: refusals (Reply), or a Response the app's authorize threw.
      if (thrown instanceof Reply || thrown instanceof Response) return thrown
      if (thrown instanceof BodyTooLargeError) {
        return messagingError(
          413,
          'payload_too_large',
          `The body exceeds ${thrown.limit} bytes`,
          'Send a smaller body.',
        )
      }
      logger.error('request failed', { error: thrown instanceof Error ? thrown.message : String(thrown) })
      return messagingError(500, 'internal_error', 'Internal error', 'Retry later.')
    }
  }

  const server: LinekitServer = {
    bus,
    prefix,
    async handle(request, context) {
      return toResponse(await respond(request, context))
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending])
    },
  }
  return Object.assign(server, { [outcomeKey]: respond })
}
