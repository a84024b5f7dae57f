/** The options of `createLinekitServer`, apart from the server so that each stays readable. */
import type { LinekitLogger } from './routeContext'
import type { EventBus } from './eventBus'
import type { BudgetStore } from './gate/budgetStore'
import type { LinekitUser } from './internal/scope'
import type { UpstreamFetch } from './internal/upstream'
import type { ReadModelSetup } from './attachReadModel'

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
  /**
   * Secret path segment of the webhook URL (`<prefix>/webhooks/<secret>`): letters, digits and
   * `. _ ~ -`. While rotating it, a list: a delivery to any of them is accepted (docs/deploy.md).
   * `false` turns the webhook route off (inbound messages then wait for the reconciler, and
   * inbound calls never ring); leaving it out refuses to start, since an unset variable must not
   * turn webhooks off silently.
   */
  webhookSecret: string | readonly string[] | false
  /** Path prefix of every route. @default '/api/linekit' */
  prefix?: string
  /**
   * Upstream fetch (the mock service's in tests and stories). Called as `fetch(request, { signal })`;
   * the answer is awaited only until that signal aborts (the time limit, or every browser waiting
   * for it leaving). @default globalThis.fetch
   */
  fetch?: UpstreamFetch
  /** Event bus between the webhook route and the SSE streams. @default createMemoryEventBus({ replayBufferSize }) */
  eventBus?: EventBus
  /**
   * Where the budget gates keep their windows: in memory for one instance, `createRedisBudgetStore`
   * (`linekit/server/redis`) when several instances share the key. Called once per gate
   * (`'messaging'`, `'mint'`). @default createMemoryBudgetStore()
   */
  budgetStore?: (gate: 'messaging' | 'mint') => BudgetStore
  /** spec: Limits — messaging requests per minute for the whole key. @default 60 */
  requestsPerMinute?: number
  /** spec: Limits — mints per minute for the whole key. @default 30 */
  mintsPerMinute?: number
  /**
   * Requests that may wait for a slot of the messaging budget on this instance; past it the
   * newest lowest-priority one of the user with the most waiting gets 429 `rate_limited` with
   * `Retry-After` (server-helpers/README.md, fair shares). The mint's queue is
   * half as long (its budget is half). @default 20 (about 20 s of the budget: under a browser's time limit)
   */
  maxQueue?: number
  /** Largest accepted request body, in bytes; larger gets 413. @default 65536 */
  maxBodyBytes?: number
  /** Origins accepted on state-changing requests besides the request's own origin. @default [] */
  allowedOrigins?: string[]
  /** Header that also passes the CSRF check (send any non-empty value). @default 'x-linekit-csrf' */
  csrfHeader?: string
  /** Upstream time limit, in ms (from when the call leaves the gate). @default 15000 */
  upstreamTimeoutMs?: number
  /** @default console */
  logger?: LinekitLogger
  /** Interval of SSE heartbeat comments, in ms. @default 15000 */
  heartbeatMs?: number
  /**
   * SSE `retry:` sent to browsers, in ms: how soon a browser reconnects when its stream is cut (an
   * instance restarting cuts every stream it holds). A reconnect costs no upstream request (the
   * replay comes from the bus), so it can be short; failed reconnects back off from it. @default 1000
   */
  retryMs?: number
  /** Replay buffer of the default in-memory bus. @default 1000 */
  replayBufferSize?: number
  /** Line number (E.164) → line id, trusted over what the server learns (server-helpers/README.md). */
  lineNumbers?: Record<string, string>
  /** How long the account's line listing is cached, in ms. @default 60000 */
  linesCacheMs?: number
  /**
   * How long one call-status answer from the service serves every read of that call, in ms: the
   * upstream cost of a live call is one read per this interval, however many browsers poll it.
   * @default 5000
   */
  callStatusMaxAgeMs?: number
  /**
   * Typing indicators are coalesced per thread (user + line + destination): at most one goes
   * upstream per this interval, and the others get its answer (spec: the indicator shows for a
   * short period; "wait about 2 to 4 seconds, then send"). @default 3000
   */
  typingIntervalMs?: number
  /**
   * Event streams one user may hold open on one instance; past it `GET <prefix>/events` answers
   * 429 `rate_limited` with `Retry-After` (the kit's event source waits it out). @default 10
   */
  maxStreamsPerUser?: number
  /** Event streams one instance holds open for all users; past it, 429 as above. @default 1000 */
  maxStreams?: number
  /**
   * How long one webhook's publish may take before the next webhook's publish starts anyway
   * (a bus command lost in a Redis failover must not hold back every later event). @default 5000
   */
  publishTimeoutMs?: number
  /**
   * Keep a read model of the account's recent activity (server-helpers/README.md, read model):
   * fed by the webhooks, kept true by one reconciler per deployment, it answers the messages and
   * call-log lists it covers without calling the service. Omitted: in memory with its default
   * window; `{ store: createRedisModelStore(...) }` for several instances; `false` turns it off
   * (every read goes upstream through the gate, no background reads). @default {} (in memory)
   */
  readModel?: ReadModelSetup | false
  /** Clock (tests inject one). @default Date.now */
  now?: () => number
}
