/**
 * The webhook receiver: `POST <prefix>/webhooks/<secret>`. Validates with the `linekit/api`
 * schemas, resolves the event's line and publishes it on the bus, in arrival order, then answers
 * 200 (within `publishTimeoutMs` whatever happens: spec: Events — a non-2xx counts toward
 * auto-disable and is never retried).
 */
import { jsonNestsDeeper, MAX_JSON_DEPTH } from '../../src/api/jsonDepth'
import { getMessagesRoute } from '../../src/api/endpoints/getMessagesRoute'
import type { LinekitContext } from '../routeContext'
import { upstreamUrl } from '../internal/upstream'
import type { LinekitEventInput } from '../eventBus'
import type { AccountLinesCache } from '../internal/accountLines'
import { BoundedMap } from '../internal/boundedMap'
import { compactKey } from '../internal/hash'
import { json, notFound, readBodyCapped } from '../internal/http'
import type { Learned } from '../internal/learned'
import type { ReadModel } from '../model/createReadModel'
import { timingSafeEqual } from '../internal/timingSafeEqual'
import { classifyWebhook } from '../internal/parseBodies'

/**
 * How long an audio-call event's claim is kept: a repeated delivery, and the same change reaching
 * every instance's read model (the reader announces only what nobody claimed), come within
 * minutes; a claim kept longer only fills Redis.
 */
const DEDUPE_TTL_MS = 15 * 60 * 1000
/**
 * Longest a delivery waits for its event's publish before it is acknowledged anyway. The
 * service's delivery timeout is not shown (spec: Events 1 — a timeout is a failure); senders
 * commonly allow 10 s or more; the mock allows 5 s, and a busy machine eats into the margin.
 */
const ACK_WITHIN_MS = 2000
/** spec: Audio-call events — the states of an inbound call, in the only order they happen. */
const callStates = ['audiocall.inbound.ringing', 'audiocall.inbound.answered', 'audiocall.inbound.ended']
/** A line whose number is still unknown is probed at most this often. */
const PROBE_EVERY_MS = 10 * 60 * 1000
/**
 * Claims kept when the bus keeps none (repeated deliveries, call states), and lines whose last
 * probe is remembered; past either the oldest is forgotten.
 */
const WEBHOOK_KEPT = { claims: 10_000, probedLines: 1000 }

/** What the webhook route needs besides the context. */
interface WebhookDeps {
  /** The accepted secrets (several while one is rotated out); none: the route is off. */
  secrets: readonly string[]
  learned: Learned
  accountLines: AccountLinesCache
  /** How long one publish may hold back the next. */
  publishTimeoutMs: number
  /** The read model, when the server keeps one: fed with every webhook (model/createReadModel.ts). */
  model?: ReadModel | undefined
}

/** Creates the webhook route handler. */
export function createWebhookRoute(ctx: LinekitContext, deps: WebhookDeps) {
  const { learned, accountLines, model } = deps
  const localClaims = new BoundedMap<string, number>(WEBHOOK_KEPT.claims)
  const probedAt = new BoundedMap<string, number>(WEBHOOK_KEPT.probedLines)
  let publishChain: Promise<void> = Promise.resolve()
  /** Webhook payloads acknowledged but unusable, since the server started. */
  let dropped = 0

  const claim = async (key: string): Promise<boolean> => {
    // A `guid` or `call_uuid` is any string (spec: Message webhook payload): a long one is hashed.
    if (ctx.bus.claim) return ctx.bus.claim(compactKey(key), DEDUPE_TTL_MS)
    const at = ctx.now()
    localClaims.dropOldestWhile((expires) => expires <= at)
    const expires = localClaims.get(key)
    if (expires !== undefined && expires > at) return false
    localClaims.set(key, at + DEDUPE_TTL_MS)
    return true
  }

  /**
   * The line of a message webhook, which names its line by number only: the `lineNumbers` option,
   * the account's lines listing when it shows numbers, then what was proved (here or, through the
   * model, on another instance). Unknown numbers are learned from fields the contract shows: the
   * latest message of each line whose number is not known yet (`line_id` with the line's number
   * as `from_number` outbound, `to_number` inbound), read at most once per line every ten minutes.
   */
  const lineOfNumber = async (number: string): Promise<string | null> => {
    // A starting instance's model is still loading what the others learned: wait for it.
    await model?.ready().catch(() => undefined)
    const known = learned.lineOfNumber(number) ?? model?.lineIdForNumber(number)?.toLowerCase() ?? null
    if (known !== null) return known
    let ids: Set<string>
    try {
      // Reading the listing teaches the numbers it shows (createLinekitServer: onLoad).
      ids = (await accountLines.get()).ids
    } catch {
      return null
    }
    const listed = learned.lineOfNumber(number)
    if (listed !== null) return listed
    probedAt.dropOldestWhile((at) => ctx.now() - at >= PROBE_EVERY_MS)
    for (const lineId of ids) {
      const last = probedAt.get(lineId)
      if (last !== undefined && ctx.now() - last < PROBE_EVERY_MS) continue
      probedAt.set(lineId, ctx.now())
      try {
        const answer = await ctx.upstream(
          { method: 'GET', url: upstreamUrl(ctx.baseUrl, getMessagesRoute, { pb_line_id: lineId, limit: 1 }) },
          // Browsers wait for this event (and the ones after it): a read a user waits for.
          { priority: 'read' },
        )
        if (answer.status === 200) learned.learnFromRecords(JSON.parse(answer.text))
      } catch {
        // the next webhook of this number tries again after PROBE_EVERY_MS
      }
      const found = learned.lineOfNumber(number)
      if (found !== null) return found
    }
    return null
  }

  /**
   * The model first, then the event: a browser refetches its thread (or the call's status) on the
   * event (a message webhook carries no handle), and that read is answered from the model, which
   * must already hold it. With a Redis store a write takes a round trip. A model that cannot
   * record it (Redis down) does not hold the event back.
   */
  const record = async (applied: Promise<unknown> | undefined) => {
    try {
      await applied
    } catch (error) {
      ctx.logger.warn('the read model could not record a webhook; its event is published anyway', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /** A payload the server cannot use: logged (its size and top-level keys, never its values) and counted. */
  const drop = (reason: string, details: Record<string, unknown>) => {
    dropped += 1
    ctx.logger.warn(`webhook ${reason}; acknowledged and dropped`, { ...details, droppedSoFar: dropped })
  }

  const process = async (text: string): Promise<void> => {
    // spec: Errors — structure nested deeper than any webhook's is not a webhook (and would
    // overflow the stack of the schemas that walk it).
    if (jsonNestsDeeper(text)) return drop(`body nests deeper than ${MAX_JSON_DEPTH} levels`, { length: text.length })
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      return drop('body is not JSON', { length: text.length })
    }
    let event: ReturnType<typeof classifyWebhook>
    try {
      event = classifyWebhook(payload)
    } catch (error) {
      return drop('payload could not be validated', { length: text.length, error: String(error) })
    }
    if (!event) {
      return drop('payload matches no known schema', {
        keys: payload && typeof payload === 'object' ? Object.keys(payload).slice(0, 20) : typeof payload,
      })
    }
    if (event.kind === 'audiocall') {
      const data = event.payload
      // spec: Audio-call events — one event per call even if the device repeats; we also guard.
      if (!(await claim(`${data.call_uuid}:${data.event}`))) return
      // A call only moves forward: once a state is reached, the earlier ones are claimed too, so
      // a late or repeated `ringing` after `ended` reaches no screen (ended → ringing never).
      for (const earlier of callStates.slice(0, callStates.indexOf(data.event)))
        await claim(`${data.call_uuid}:${earlier}`)
      await record(model?.applyCallEvent(data))
      await ctx.bus.publish({ type: data.event, lineId: data.pb_line_id.toLowerCase(), data } as LinekitEventInput)
      return
    }
    // spec: message webhook — `guid` names the message: a repeated delivery is published once.
    if (!(await claim(`message:${event.payload.guid}`))) return
    const lineId = await lineOfNumber(event.payload.linePhoneNumber)
    if (lineId === null) {
      ctx.logger.warn('message webhook for a line number not learned yet nor in lineNumbers; no browser receives it', {
        linePhoneNumber: event.payload.linePhoneNumber,
      })
    }
    // A provisional record in the model until the messages list shows it (model/createReadModel.ts).
    await record(model?.applyMessageWebhook(event.payload, lineId))
    await ctx.bus.publish({ type: 'message', lineId, data: event.payload })
  }

  return async (request: Request, secret: string, waitUntil?: (promise: Promise<unknown>) => void) => {
    // Every secret is compared, so the time taken does not tell which one nearly matched.
    let known = false
    for (const accepted of deps.secrets) known = timingSafeEqual(secret, accepted) || known
    if (!known) throw notFound()
    let text: string
    try {
      text = await readBodyCapped(request, ctx.maxBodyBytes)
    } catch (error) {
      // spec: Events — a non-2xx counts toward auto-disable and is never retried: acknowledge.
      ctx.logger.warn('webhook body unreadable or too large; acknowledged and dropped', { error: String(error) })
      return json({ received: true })
    }
    // Publish in arrival order even when a message needs a line lookup and a call event does not;
    // a publish that never settles (bus down) releases the queue after publishTimeoutMs.
    const processed = publishChain.then(
      () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            ctx.logger.error('event bus publish did not settle in time; later events go ahead', {
              publishTimeoutMs: deps.publishTimeoutMs,
            })
            resolve()
          }, deps.publishTimeoutMs)
          process(text)
            .then(resolve, reject)
            .finally(() => clearTimeout(timer))
        }),
    )
    publishChain = processed.catch(() => undefined)
    ctx.track(processed, waitUntil)
    // Published before the 200: the service never delivers an event twice (spec: Events 2), so
    // an acknowledged event this instance had not published yet would be lost if it stopped (a
    // deploy, a crash). The wait is bounded well under a delivery timeout (a timeout is a
    // failure, spec: Events 1); past it, or when the publish fails (logged), the event is still
    // acknowledged, since a non-2xx brings no retry, only a step toward auto-disable (Events 3).
    // What is still publishing then is awaited by close().
    let bounded: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      processed.catch(() => undefined),
      new Promise<void>((resolve) => (bounded = setTimeout(resolve, Math.min(deps.publishTimeoutMs, ACK_WITHIN_MS)))),
    ])
    clearTimeout(bounded)
    return json({ received: true })
  }
}
