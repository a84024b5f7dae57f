/**
 * `GET <prefix>/health`: the readiness check a load balancer or an orchestrator polls. 200
 * `{ status: 'ready' }` once the instance holds what its read model's store holds (`ready()`:
 * with Redis, what the other instances recorded and learned); 503 `{ status: 'starting' }` before,
 * and 503 `{ status: 'unavailable' }` when that store could not be read (replace the instance). It
 * asks nothing of the service and signs nobody in: it costs none of the key's budget and needs
 * no session, and says nothing about the account.
 */
import { json } from '../internal/http'

/** The health route over the server's `ready()`. */
export function createHealthRoute(ready: () => Promise<void>) {
  let status: 'starting' | 'ready' | 'unavailable' = 'starting'
  ready().then(
    () => (status = 'ready'),
    () => (status = 'unavailable'),
  )
  return (): Response => json({ status }, status === 'ready' ? 200 : 503, { 'cache-control': 'no-store' })
}
