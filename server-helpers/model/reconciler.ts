/**
 * The reconciler: the one task per deployment that keeps the read model true. It reads the
 * messages list by time cursor (spec: Events 2 — "missed messages [are reconciled] by the
 * messages list") and polls the status of live inbound calls (spec: "Missed audio-call events are
 * reconciled by polling the call status endpoint"), within a fixed share of the key's budget.
 * With several instances, the store's lease lets one of them run it; another takes over when
 * the leader stops renewing.
 */
import type { CallLog, MessageRecord } from '../../src/api'
import { getCallLogsRoute } from '../../src/api/endpoints/getCallLogsRoute'
import { getCallStatusRoute } from '../../src/api/endpoints/getCallStatusRoute'
import { getMessagesRoute } from '../../src/api/endpoints/getMessagesRoute'
import { upstreamUrl } from '../internal/upstream'
import { MAX_PAGE_SIZE } from '../../src/api/limits'
import type { ReadModel } from './createReadModel'
import type { CallStatusReading, InboundCall } from './modelTypes'

/**
 * Calls the service through the deployment's budget gate (it adds the key). Null: the gate has
 * no room for background work now (users' requests come first); the read is tried at a later tick.
 */
type BackgroundUpstream = (request: Request, options: { priority: 'background' }) => Promise<Response | null>

/** Options of {@link createReconciler}. */
export interface ReconcilerOptions {
  model: ReadModel
  upstream: BackgroundUpstream
  /** The service's `{base_url}`. */
  baseUrl: string
  /** The reconciler's share of the key's 60 requests per minute. @default 12 */
  requestsPerMinute?: number
  /** How often the newest messages are read. @default 10_000 */
  messagesEveryMs?: number
  /** How often they are read while webhooks are not delivered ({@link Reconciler.hurry}). @default 5_000 */
  hurriedEveryMs?: number
  /** How soon after {@link Reconciler.soon} they are read. @default 2_000 */
  soonMs?: number
  /** How often the newest call logs are read (0: never). @default 60_000 */
  callLogsEveryMs?: number
  /** Each read starts this far before the last one ended: late-listed messages and status moves. @default 120_000 */
  overlapMs?: number
  /** How far back the first start reads (the model's window). @default 7 days */
  backfillMs?: number
  /** A ringing call without news for this long is polled. @default 15_000 */
  ringingPollMs?: number
  /** An answered call without news for this long is polled (its `ended` may be lost). @default 60_000 */
  answeredPollMs?: number
  /** A live call older than this is given up (closed with an unknown end). @default 14_400_000 */
  maxCallAgeMs?: number
  /** The lease's time to live; renewed on every tick. @default 15_000 */
  leaseMs?: number
  /** Time between ticks of `start()`. @default 1000 */
  tickMs?: number
  /** How often the leader saves the model for restarts. @default 30_000 */
  checkpointEveryMs?: number
  /** This instance's name in the lease. @default a random id */
  holder?: string
  /** @default console */
  logger?: Pick<Console, 'warn'>
}

/** See {@link createReconciler}. */
export interface Reconciler {
  /** One tick: take or renew the lease, then read what is due within the share. */
  runOnce(): Promise<void>
  /** Ticks every `tickMs` until {@link Reconciler.stop}. */
  start(): void
  /** Stops ticking, saves the model and gives the lease up. */
  stop(): Promise<void>
  /** True while this instance holds the lease. */
  readonly leading: boolean
  /** Requests sent in the last 60 s (for tests and metrics). */
  sentInLastMinute(): number
  /**
   * Reads the newest messages `soonMs` from now instead of at the next `messagesEveryMs`, within
   * the share: a message webhook carries no handle or status (spec: Message webhook payload), so
   * its provisional record waits for the listing. Calls within `soonMs` share one read.
   */
  soon(): void
  /**
   * Reads the newest messages every `hurriedEveryMs` instead of `messagesEveryMs` while `on`
   * (webhooks stopped: the reader is then the only way messages arrive), within the same share.
   */
  hurry(on: boolean): void
}

const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

/** Where a forward read continues: `created_at_gte` and the records at that instant already read. */
interface Cursor {
  gte: number
  offset: number
}

/**
 * Creates the reconciler over a model. Run one per instance; the lease lets one lead.
 *
 * @example
 * ```ts
 * const reconciler = createReconciler({ model, baseUrl, upstream: (request, o) => gate.fetch(request, o) })
 * reconciler.start()
 * ```
 */
export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { model } = options
  const now = model.now
  const share = Math.max(1, options.requestsPerMinute ?? 12)
  const calmEveryMs = options.messagesEveryMs ?? 10_000
  const hurriedEveryMs = Math.min(calmEveryMs, options.hurriedEveryMs ?? 5000)
  let messagesEveryMs = calmEveryMs
  const overlapMs = options.overlapMs ?? 120_000
  const callLogsEveryMs = options.callLogsEveryMs ?? MINUTE
  const backfillMs = options.backfillMs ?? 7 * 86_400_000
  const ringingPollMs = options.ringingPollMs ?? 15_000
  const answeredPollMs = options.answeredPollMs ?? MINUTE
  const maxCallAgeMs = options.maxCallAgeMs ?? 4 * 3_600_000
  const leaseMs = options.leaseMs ?? 15_000
  const tickMs = options.tickMs ?? 1000
  const soonMs = options.soonMs ?? 2000
  const checkpointEveryMs = options.checkpointEveryMs ?? 30_000
  const holder = options.holder ?? `rc_${Math.random().toString(36).slice(2, 12)}`
  const logger = options.logger ?? console
  const base = options.baseUrl.replace(/\/+$/, '')

  const sent: number[] = []
  let leading = false
  let lastForward = -Infinity
  let lastCallLogs = -Infinity
  let lastCheckpoint = -Infinity
  let cursor: Cursor | null = null
  let running: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = true

  const spent = () => {
    const at = now()
    while (sent.length > 0 && sent[0]! <= at - MINUTE) sent.shift()
    // Sends stamped after now: the instance clock stepped back; they no longer say anything.
    while (sent.length > 0 && sent[sent.length - 1]! > at) sent.pop()
    return sent.length
  }
  /**
   * Whether `every` ms passed since `last`. A `last` after now means the instance clock stepped
   * back since: due at once, or a step would postpone the reads by its size.
   */
  const due = (at: number, last: number, every: number) => at - last >= every || last > at
  const canSend = () => spent() < share

  /** One request within the share; null when the share is used up or the service refused. */
  const get = async (route: { path: string }, query: Record<string, string | number>): Promise<Response | null> => {
    if (!canSend()) return null
    const at = now()
    const url = upstreamUrl(base, route, query)
    let response: Response | null
    try {
      response = await options.upstream(new Request(url), { priority: 'background' })
    } catch (error) {
      logger.warn(`linekit reconciler: no answer this time (${error instanceof Error ? error.message : String(error)})`)
      // It may have reached the service: it counts toward the share.
      sent.push(at)
      return null
    }
    if (response) sent.push(at)
    return response
  }

  /**
   * The service's clock at its answer: the HTTP `Date` header when it sends one, else the newest
   * `created_at` listed (both on the service's clock), else null.
   */
  let serviceNow: number | null = null
  const listMessages = async (query: Record<string, string | number>): Promise<MessageRecord[] | null> => {
    const response = await get(getMessagesRoute, { limit: MAX_PAGE_SIZE, order_by: 'createdAt', ...query })
    serviceNow = null
    if (!response) return null
    if (!response.ok) {
      logger.warn(`linekit reconciler: GET ${getMessagesRoute.path} answered ${response.status}`)
      await response.body?.cancel()
      return null
    }
    const body = (await response.json()) as { data?: MessageRecord[] }
    if (!Array.isArray(body.data)) return null
    const date = Date.parse(response.headers.get('date') ?? '')
    const listed = body.data.map((record) => Date.parse(record.created_at)).filter((t) => !Number.isNaN(t))
    serviceNow = !Number.isNaN(date) ? date : listed.length > 0 ? Math.max(...listed) : null
    return body.data
  }

  /**
   * Where a read that started at `started` (the instance clock) is complete up to: the service's
   * time of the answer when earlier, so a read made while the instance clock ran ahead does not
   * cover the future (what is created there would never be asked for). Never before `from`.
   */
  const readUpTo = (started: number, from: number | null) => {
    const service = serviceNow ?? from ?? started
    return Math.max(from ?? -Infinity, Math.min(started, service))
  }

  const readSoon = () => {
    lastForward = Math.min(lastForward, now() - messagesEveryMs + soonMs)
  }

  /** Reads forward from the cursor (or the coverage's end minus the overlap) while the share lasts. */
  const readForward = async (at: number) => {
    const covered = model.state.covered!
    // The coverage's end is the service's time; `at` bounds it too in case an older version (or
    // a clock step before this one) left it in the future.
    const end = Math.min(covered.until, at)
    let next: Cursor = cursor ?? { gte: Math.max(end - overlapMs, at - backfillMs), offset: 0 }
    lastForward = at
    for (;;) {
      const started = now()
      const page = await listMessages({
        order_direction: 'asc',
        created_at_gte: iso(next.gte),
        ...(next.offset > 0 ? { offset: next.offset } : {}),
      })
      if (!page) {
        cursor = next
        return
      }
      if (page.length < MAX_PAGE_SIZE) {
        await model.applyMessageRecords(page, { from: iso(next.gte), to: iso(readUpTo(started, next.gte)) })
        cursor = null
        return
      }
      const newest = Date.parse(page[page.length - 1]!.created_at)
      const atNewest = page.filter((m) => Date.parse(m.created_at) === newest).length
      // Complete up to just before the newest instant; records at it may continue on the next page.
      const window = newest > next.gte ? { from: iso(next.gte), to: iso(newest - 1) } : null
      // spec: Limits — offset + limit <= 2000: the offset only skips records sharing one instant.
      next = newest === next.gte ? { gte: newest, offset: next.offset + atNewest } : { gte: newest, offset: atNewest }
      await model.applyMessageRecords(page, window)
    }
  }

  /** The first read: the newest page, which also tells whether older history exists. */
  const readNewest = async () => {
    const started = now()
    // Set before the read, so that a `soon()` asked meanwhile (a send) still takes effect.
    lastForward = started
    const page = await listMessages({ order_direction: 'desc' })
    if (!page) return
    const oldest = page.length > 0 ? Date.parse(page[page.length - 1]!.created_at) : null
    const from = page.length < MAX_PAGE_SIZE || oldest === null ? null : iso(oldest + 1)
    await model.applyMessageRecords(page, { from, to: iso(readUpTo(started, oldest === null ? null : oldest + 1)) })
  }

  /** Reads older pages until the window is covered or the first message is reached. */
  const readBackward = async (at: number) => {
    for (;;) {
      const since = model.state.covered?.since
      if (since === null || since === undefined || since <= at - backfillMs) return
      const lte = since - 1
      const page = await listMessages({ order_direction: 'desc', created_at_lte: iso(lte) })
      if (!page) return
      const oldest = page.length > 0 ? Date.parse(page[page.length - 1]!.created_at) : null
      // A full page of one instant cannot be split by time: step 1 ms back (records at it may be missed).
      const from = page.length < MAX_PAGE_SIZE || oldest === null ? null : iso(oldest === lte ? lte : oldest + 1)
      await model.applyMessageRecords(page, { from, to: iso(lte) })
    }
  }

  /** The newest page of call logs (they change: in progress → completed, disposition later). */
  const readCallLogs = async (at: number) => {
    if (callLogsEveryMs <= 0 || !due(at, lastCallLogs, callLogsEveryMs)) return
    const response = await get(getCallLogsRoute, { limit: MAX_PAGE_SIZE })
    if (!response) return
    lastCallLogs = at
    if (!response.ok) {
      logger.warn(`linekit reconciler: GET ${getCallLogsRoute.path} answered ${response.status}`)
      await response.body?.cancel()
      return
    }
    const body = (await response.json()) as { data?: CallLog[] }
    if (Array.isArray(body.data)) await model.applyCallLogs(body.data, body.data.length < MAX_PAGE_SIZE)
  }

  const pollCalls = async (at: number) => {
    const due = model.state.calls.stale((call: InboundCall) =>
      // News stamped after now: the instance clock stepped back since; poll it now.
      call.updatedAt > at ? Infinity : call.state === 'ringing' ? at - ringingPollMs : at - answeredPollMs,
    )
    due.sort((a, b) => a.updatedAt - b.updatedAt)
    for (const call of due) {
      const started = Date.parse(call.ringingAt ?? call.answeredAt ?? '') || call.updatedAt
      if (at - started > maxCallAgeMs) {
        await model.applyCallStatus(call.callUuid, null)
        continue
      }
      const response = await get(getCallStatusRoute, { call_uuid: call.callUuid })
      if (!response) return
      if (response.status === 404) {
        await response.body?.cancel()
        await model.applyCallStatus(call.callUuid, null)
      } else if (response.ok) {
        const body = (await response.json()) as Partial<CallStatusReading>
        if (typeof body.call_status === 'string') {
          await model.applyCallStatus(call.callUuid, {
            call_status: body.call_status,
            answeredAt: typeof body.answeredAt === 'string' ? body.answeredAt : null,
            endedAt: typeof body.endedAt === 'string' ? body.endedAt : null,
          })
        }
      } else {
        logger.warn(`linekit reconciler: GET ${getCallStatusRoute.path} answered ${response.status}`)
        await response.body?.cancel()
        return
      }
    }
  }

  const tick = async () => {
    await model.ready()
    leading = await model.store.lease(holder, leaseMs).catch(() => false)
    if (!leading) {
      cursor = null
      return
    }
    const at = now()
    if (!model.state.covered) await readNewest()
    else if (cursor || due(at, lastForward, messagesEveryMs)) await readForward(at)
    await pollCalls(at)
    await readCallLogs(at)
    await readBackward(at)
    if (due(at, lastCheckpoint, checkpointEveryMs)) {
      lastCheckpoint = at
      await model.store.checkpoint()
    }
  }

  const runOnce = () => {
    running ??= tick()
      .catch((error: unknown) => logger.warn('linekit reconciler: a tick failed', error))
      .finally(() => (running = null))
    return running
  }

  const schedule = () => {
    if (stopped) return
    timer = setTimeout(() => void runOnce().then(schedule), tickMs)
    ;(timer as { unref?: () => void }).unref?.()
  }

  return {
    runOnce,
    start() {
      if (!stopped) return
      stopped = false
      schedule()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
      if (leading) await model.store.checkpoint()
      leading = false
      await model.store.release(holder)
    },
    get leading() {
      return leading
    },
    sentInLastMinute: spent,
    soon: readSoon,
    hurry(on) {
      messagesEveryMs = on ? hurriedEveryMs : calmEveryMs
    },
  }
}
