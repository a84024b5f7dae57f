/**
 * The read model inside linekit/server (model/, its own module): built from the `readModel`
 * option, fed by the webhook route and the proxy, kept true by one reconciler per deployment
 * that calls the service through the budget gate at `background` priority, and heard by browsers
 * over the event stream: what the reconciler finds that no webhook announced goes out as
 * `message.record` frames and as the audio-call event the lost webhook would have been.
 */
import type { AudioCallEndedEvent } from '../src/api'
import type { LinekitContext } from './routeContext'
import { LinekitHttpError } from './internal/http'
import type { LinekitEventInput } from './eventBus'
import type { ReadModel } from './model/createReadModel'
import { createReadModel } from './model/createReadModel'
import type { Reconciler, ReconcilerOptions } from './model/reconciler'
import { createReconciler } from './model/reconciler'
import type { RetentionOptions } from './model/modelState'
import type { InboundCall, ModelChange, ModelStore } from './model/modelTypes'
import type { WebhookHealth } from './internal/webhookHealth'

/** The `readModel` option of createLinekitServer. */
export interface ReadModelSetup {
  /** Where the model lives: in memory (one instance), or `createRedisModelStore` (several). @default memory */
  store?: ModelStore
  /** How much is kept. @default { days: 7, messagesPerLine: 5000, bytesPerLine: 4_000_000 } */
  retention?: RetentionOptions
  /** The reconciler's settings (its share of the budget, its pace), or `false` for none. @default {} */
  reconciler?: Partial<Omit<ReconcilerOptions, 'model' | 'upstream' | 'baseUrl'>> | false
}

/** Records older than this are history (read through the routes), not news for open pages. */
const NEWS_MS = 10 * 60 * 1000
/**
 * How long a claim to announce a change is kept. A record is announced only while it is news
 * (NEWS_MS), so a claim taken after it was created can be contested no longer than that; a call's
 * change reaches every instance's model within moments. The margin covers a store that lags.
 */
const DEDUPE_TTL_MS = NEWS_MS + 5 * 60 * 1000

/** The audio-call event a lost webhook would have been, from what the model knows of the call. */
function callEvent(call: InboundCall, at: string): LinekitEventInput | null {
  if (call.state !== 'ended') return null
  const status = (call.endStatus ?? 'ended') as AudioCallEndedEvent['status']
  const data: AudioCallEndedEvent = {
    event: 'audiocall.inbound.ended',
    call_uuid: call.callUuid,
    status,
    from: call.from,
    pb_line_id: call.lineId,
    linePhoneNumber: call.linePhoneNumber,
    answeredAt: call.answeredAt,
    endedAt: call.endedAt ?? at,
    receivedAt: at,
  }
  return { type: 'audiocall.inbound.ended', lineId: call.lineId.toLowerCase(), data }
}

/** Creates the model and its reconciler, and publishes what the reconciler finds. */
export function attachReadModel(
  ctx: LinekitContext,
  setup: ReadModelSetup,
  health?: WebhookHealth,
): { model: ReadModel; reconciler: Reconciler | null } {
  const model = createReadModel({
    ...(setup.store ? { store: setup.store } : {}),
    ...(setup.retention ? { retention: setup.retention } : {}),
    now: ctx.now,
    logger: ctx.logger,
  })
  let reconciler: Reconciler | null = null
  if (setup.reconciler !== false) {
    reconciler = createReconciler({
      logger: ctx.logger,
      ...setup.reconciler,
      model,
      baseUrl: ctx.baseUrl,
      upstream: async (request, { priority }) => {
        let answer
        try {
          answer = await ctx.upstream({ method: 'GET', url: request.url }, { priority })
        } catch (error) {
          // The gate's refusal of background work (no room now, or users waiting): not news.
          if (error instanceof LinekitHttpError && error.response.status === 429) return null
          throw error
        }
        return new Response(answer.text, { status: answer.status, headers: answer.headers })
      },
    })
    reconciler.start()
  }

  // With several instances every one applies every change; the claim lets one publish it, and a
  // change a webhook already announced (the webhook route claimed it) is not announced twice.
  const claim = async (key: string) => (ctx.bus.claim ? ctx.bus.claim(key, DEDUPE_TTL_MS) : true)
  const announce = async (change: ModelChange) => {
    const at = new Date(ctx.now()).toISOString()
    if (change.kind === 'call') {
      const event = callEvent(change.call, at)
      if (event && (await claim(`${change.call.callUuid}:${event.type}`))) await ctx.bus.publish(event)
      return
    }
    // A listed record that replaces a provisional one is news too: its handle and status (the
    // webhook carries neither) reach the thread that shows the provisional record; so is each
    // later status of it (a send listed before it was delivered).
    if (change.provisional) return
    const { record } = change
    // News is judged on the service's clock: against the newest record it listed, or the
    // instance's clock when that is earlier (an instance clock running ahead would take every
    // new record for history, and never announce one).
    if (!(Math.min(ctx.now(), newestListed) - Date.parse(record.created_at) < NEWS_MS)) return
    if (!(await claim(`record:${record.message_handle}:${record.status}`))) return
    await ctx.bus.publish({ type: 'message.record', lineId: change.lineId.toLowerCase(), data: change.record })
  }
  /** The newest `created_at` the service listed (its clock), so far. */
  let newestListed = -Infinity
  /** The newest listed before this instance watched: older messages' webhooks went elsewhere. */
  let watchedFrom: number | null = null
  const watched = new Set<string>()
  /** An inbound message listed that no webhook announced (it replaced no provisional record). */
  const watch = (change: ModelChange) => {
    if (!health || change.kind !== 'message' || change.provisional || change.replaces) return
    const { record } = change
    if (record.direction !== 'inbound' || watched.has(record.message_handle)) return
    if (watchedFrom === null || !(Date.parse(record.created_at) > watchedFrom)) return
    watched.add(record.message_handle)
    if (watched.size > 1000) watched.delete(watched.values().next().value!)
    health.listedUnannounced(record.created_at)
  }
  model.subscribe((changes) => {
    for (const change of changes)
      if (change.kind !== 'call' && !change.provisional)
        newestListed = Math.max(newestListed, Date.parse(change.record.created_at) || -Infinity)
    for (const change of changes) watch(change)
    if (watchedFrom === null && Number.isFinite(newestListed)) watchedFrom = newestListed
    for (const change of changes) {
      if (change.kind !== 'call' && change.provisional) reconciler?.soon()
      ctx.track(announce(change))
    }
  })
  return { model, reconciler }
}
