/**
 * `GET <prefix>/health`: the instance's own health for load balancers, orchestrators and
 * monitoring. 200 `{ status: 'ready' }` once the instance holds what its read model's store holds
 * (`ready()`: with Redis, what the other instances recorded and learned); 503 `starting` before,
 * `unavailable` when that store could not be read (replace the instance), and `closing` while it
 * shuts down (so the balancer stops sending it requests). `webhooks` says whether the service still
 * delivers webhooks (internal/webhookHealth.ts). Not a path of the service: it asks nothing of it,
 * signs nobody in, costs none of the key's budget and says nothing about the account.
 */
import type { EventBus } from '../eventBus'
import { json, methodNotAllowed } from '../internal/http'
import type { WebhookHealth, WebhookHealthStatus } from '../internal/webhookHealth'

/** What `health()` and `GET <prefix>/health` answer. */
export interface LinekitHealth {
  status: 'starting' | 'ready' | 'unavailable' | 'closing'
  webhooks: WebhookHealthStatus
}

/** The route's path under the prefix. */
export const healthPath = '/health'

/**
 * Every webhook heard on the bus, from any instance, says the service still delivers. The reader
 * itself publishes only `message.record` and the `ended` event a lost webhook would have been, so
 * `message`, `ringing` and `answered` events came from webhooks.
 */
export function watchWebhooks(bus: EventBus, health: WebhookHealth): void {
  bus.subscribe((event) => {
    if (
      event.type === 'message' ||
      event.type === 'audiocall.inbound.ringing' ||
      event.type === 'audiocall.inbound.answered'
    )
      health.heard(event.data.receivedAt)
  })
}

/** Creates the route over the store's readiness, the webhook watch and the instance's shutdown signal. */
export function createHealthRoute(ready: () => Promise<void>, health: WebhookHealth, closing: AbortSignal) {
  let readiness: 'starting' | 'ready' | 'unavailable' = 'starting'
  ready().then(
    () => (readiness = 'ready'),
    () => (readiness = 'unavailable'),
  )
  const snapshot = (): LinekitHealth => ({
    status: closing.aborted ? 'closing' : readiness,
    webhooks: health.status(),
  })
  return {
    snapshot,
    handle(method: string): Response {
      if (method !== 'GET') throw methodNotAllowed('GET')
      const now = snapshot()
      return json(now, now.status === 'ready' ? 200 : 503, { 'cache-control': 'no-store' })
    },
  }
}
