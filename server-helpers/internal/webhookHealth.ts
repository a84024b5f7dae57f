/**
 * Whether the service is still delivering webhooks. It disables a webhook silently after 20
 * consecutive failures (spec: Events 3 — an outage of every instance is enough), and no endpoint
 * of the contract lists, re-enables or creates webhooks (spec: Events — they are configured in
 * the service's web application; an existing one cannot be edited, a new one is created). So the
 * server watches for it: inbound messages the reader lists that no webhook announced, created
 * after the last webhook heard (the service's `receivedAt`, on its own clock), mean deliveries
 * stopped. It is logged once, shown by the health route, and the reader reads more often until a
 * webhook is heard again.
 */
import type { LinekitLogger } from '../routeContext'

/** What `health()` and `GET <prefix>/health` say about webhook deliveries. */
export interface WebhookHealthStatus {
  /**
   * `delivering`: webhooks are heard, or nothing says otherwise; `not_delivering`: the reader
   * listed inbound messages no webhook announced; `unknown`: no webhook secret or no read model.
   */
  state: 'delivering' | 'not_delivering' | 'unknown'
  /** When the last webhook was heard (any instance, on the bus), ISO 8601, or null. */
  lastWebhookAt: string | null
  /** Inbound messages listed since then that no webhook announced. */
  unannounced: number
  /** Counters since this instance started: messages no webhook announced, times deliveries were found stopped. */
  counters: { unannouncedMessages: number; stoppedDetections: number }
}

/** How many unannounced inbound messages mean that deliveries stopped (one can be a lost delivery). */
const STOPPED_AFTER = 3
/** How long a listed message's webhook may still be on its way. */
const GRACE_MS = 20_000
const MAX_CANDIDATES = 200

/** Creates the watch; `onChange(stopped)` is called when deliveries are found stopped or heard again. */
export function createWebhookHealth(options: {
  enabled: boolean
  now: () => number
  logger: LinekitLogger
  onChange?: (stopped: boolean) => void
}) {
  const { now, logger } = options
  /** The newest `receivedAt` of a webhook heard (service clock) and when (this instance's clock). */
  let heard: { receivedAt: number; at: number } | null = null
  const candidates: { created: number; seenAt: number }[] = []
  let unannounced = 0
  let stopped = false
  const counters = { unannouncedMessages: 0, stoppedDetections: 0 }

  const evaluate = () => {
    const at = now()
    while (candidates.length > 0 && at - candidates[0]!.seenAt >= GRACE_MS) {
      const candidate = candidates.shift()!
      // A webhook the service emitted after the message was created: deliveries work (that one
      // message's delivery alone may have been lost).
      if (heard !== null && heard.receivedAt >= candidate.created) continue
      unannounced += 1
      counters.unannouncedMessages += 1
    }
    if (!stopped && unannounced >= STOPPED_AFTER) {
      stopped = true
      counters.stoppedDetections += 1
      logger.error(
        'the service has stopped delivering webhooks (it disables one after 20 consecutive failures): inbound messages are listed that no webhook announced. Create a new webhook in the service web application; until then messages arrive through the reader, and inbound calls do not ring',
        { unannounced, lastWebhookAt: heard ? new Date(heard.at).toISOString() : null },
      )
      options.onChange?.(true)
    }
  }

  return {
    /** A webhook was heard on the bus (from any instance); `receivedAt` is the service's. */
    heard(receivedAt: string) {
      const time = Date.parse(receivedAt)
      heard = { receivedAt: Math.max(heard?.receivedAt ?? -Infinity, Number.isNaN(time) ? -Infinity : time), at: now() }
      unannounced = 0
      candidates.length = 0
      if (stopped) {
        stopped = false
        logger.warn('webhook deliveries resumed', {})
        options.onChange?.(false)
      }
    },
    /** The reader listed an inbound message that no webhook announced. */
    listedUnannounced(createdAt: string) {
      if (!options.enabled) return
      const created = Date.parse(createdAt)
      if (Number.isNaN(created) || (heard !== null && created <= heard.receivedAt)) return
      candidates.push({ created, seenAt: now() })
      if (candidates.length > MAX_CANDIDATES) candidates.shift()
      evaluate()
    },
    status(): WebhookHealthStatus {
      if (options.enabled) evaluate()
      return {
        state: !options.enabled ? 'unknown' : stopped ? 'not_delivering' : 'delivering',
        lastWebhookAt: heard ? new Date(heard.at).toISOString() : null,
        unannounced,
        counters: { ...counters },
      }
    },
  }
}

/** The watch's interface. */
export type WebhookHealth = ReturnType<typeof createWebhookHealth>
