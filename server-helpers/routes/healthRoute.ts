/**
 * `GET <prefix>/health`: the instance's own health for load balancers and monitoring — 503 while
 * it closes (so the balancer stops sending it requests), and whether the service still delivers
 * webhooks (internal/webhookHealth.ts). Not a path of the service; it asks nothing of it.
 */
import type { EventBus } from '../eventBus'
import { json, methodNotAllowed } from '../internal/http'
import type { WebhookHealth, WebhookHealthStatus } from '../internal/webhookHealth'

/** What `health()` and `GET <prefix>/health` answer. */
export interface LinekitHealth {
  status: 'ok' | 'closing'
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

/** Creates the route over the watch and the instance's shutdown signal. */
export function createHealthRoute(health: WebhookHealth, closing: AbortSignal) {
  const snapshot = (): LinekitHealth => ({
    status: closing.aborted ? 'closing' : 'ok',
    webhooks: health.status(),
  })
  return {
    snapshot,
    handle(method: string): Response {
      if (method !== 'GET') throw methodNotAllowed('GET')
      return json(snapshot(), closing.aborted ? 503 : 200)
    },
  }
}
