/**
 * The extra Redis connections linekit/server opens itself (the bus's subscriber, the model
 * store's blocking reader) are `redis.duplicate()`s of the application's client, which copy its
 * options but not its listeners. Without an `error` listener ioredis prints "Unhandled error
 * event" for every failed reconnect attempt of each connection; these connections report to the
 * application's client instead, where its own listener logs them once per cause.
 */
import type { Redis } from 'ioredis'

/** A duplicate of `redis` whose errors go to `redis`'s own `error` listeners (dropped when it has none). */
export function duplicateReporting(redis: Redis): Redis {
  const duplicate = redis.duplicate()
  duplicate.on('error', (error: unknown) => {
    // Emitting `error` with no listener would throw; the application's connection, which has
    // none either, already reports the same outage.
    if (redis.listenerCount('error') > 0) redis.emit('error', error)
  })
  return duplicate
}
