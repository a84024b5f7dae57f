/**
 * The read model's store for several instances: operations are appended to a Redis Stream and
 * every instance applies the stream in order, so every instance holds the same model and answers
 * reads from memory. The reconciler's leader saves snapshots (with the stream id they include);
 * a starting instance restores the snapshot and applies the stream after it. The lease is a
 * `SET NX PX` key renewed by its holder.
 */
import type { Redis } from 'ioredis'
import { duplicateReporting } from '../internal/redisConnections'
import type { ModelChange, ModelOp, ModelStore, ModelTarget } from './modelTypes'

/** Options of {@link createRedisModelStore}. */
export interface RedisModelStoreOptions {
  /** ioredis client for commands. */
  redis: Redis
  /** Connection for the blocking stream read (it cannot serve other commands). @default a duplicate of `redis` reporting its errors to `redis`'s listeners */
  reader?: Redis
  /** Prefix of the keys (`<prefix>:model:log`, `:snapshot`, `:leader`). @default 'linekit' */
  keyPrefix?: string
  /** Approximate length of the operation stream (`XADD MAXLEN ~`); snapshots must come more often. @default 5000 */
  logLength?: number
  /** Called on a failed read, a malformed entry or a throwing apply. */
  onError?: (error: unknown) => void
}

// Take the lease when free, renew it when ours; never take it from a live holder.
const LEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return 1 end
return 0`

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

type Entry = [string, string[]]

/**
 * Creates the Redis store. Every instance of the backend creates one against the same Redis
 * and the same prefix.
 *
 * @example
 * ```ts
 * import Redis from 'ioredis'
 * const store = createRedisModelStore({ redis: new Redis(process.env.REDIS_URL!) })
 * const model = createReadModel({ store })
 * ```
 */
export function createRedisModelStore(options: RedisModelStoreOptions): ModelStore {
  const redis = options.redis
  const ownReader = !options.reader
  const reader = options.reader ?? duplicateReporting(redis)
  const prefix = options.keyPrefix ?? 'linekit'
  const logKey = `${prefix}:model:log`
  const snapshotKey = `${prefix}:model:snapshot`
  const leaseKey = `${prefix}:model:leader`
  const logLength = Math.max(100, options.logLength ?? 5000)
  const onError = options.onError ?? (() => undefined)
  const instance = Math.random().toString(36).slice(2, 12)
  const waiters = new Map<string, (changes: ModelChange[]) => void>()
  let target: ModelTarget | null = null
  let lastId = '0-0'
  let counter = 0
  let closed = false

  const applyEntry = ([id, fields]: Entry) => {
    lastId = id
    const at = fields.indexOf('o')
    let entry: { n: string; op: ModelOp }
    try {
      entry = JSON.parse(fields[at + 1] ?? '') as { n: string; op: ModelOp }
    } catch (error) {
      onError(error)
      return
    }
    let changes: ModelChange[] = []
    try {
      changes = target?.apply(entry.op) ?? []
    } catch (error) {
      onError(error)
    }
    const waiter = waiters.get(entry.n)
    if (waiter) {
      waiters.delete(entry.n)
      waiter(changes)
    }
  }

  const follow = async () => {
    while (!closed) {
      try {
        const result = (await reader.xread('COUNT', 1000, 'BLOCK', 5000, 'STREAMS', logKey, lastId)) as
          [string, Entry[]][] | null
        for (const [, entries] of result ?? []) for (const entry of entries) applyEntry(entry)
      } catch (error) {
        if (closed) return
        onError(error)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  }

  return {
    async open(next) {
      target = next
      const saved = await redis.get(snapshotKey)
      if (saved) {
        const { id, snapshot } = JSON.parse(saved) as { id: string; snapshot: Parameters<ModelTarget['restore']>[0] }
        next.restore(snapshot)
        lastId = id
      }
      for (;;) {
        const entries = (await redis.xrange(logKey, `(${lastId}`, '+', 'COUNT', 1000)) as Entry[]
        if (entries.length === 0) break
        for (const entry of entries) applyEntry(entry)
      }
      void follow()
    },
    async submit(op) {
      const n = `${instance}:${++counter}`
      const applied = new Promise<ModelChange[]>((resolve) => waiters.set(n, resolve))
      try {
        await redis.xadd(logKey, 'MAXLEN', '~', String(logLength), '*', 'o', JSON.stringify({ n, op }))
      } catch (error) {
        waiters.delete(n)
        throw error
      }
      return applied
    },
    async checkpoint() {
      if (!target) return
      // Snapshot and id are taken in one turn of the event loop: nothing is applied in between.
      await redis.set(snapshotKey, JSON.stringify({ id: lastId, snapshot: target.snapshot() }))
    },
    async lease(holder, ttlMs) {
      return (await redis.eval(LEASE, 1, leaseKey, holder, String(Math.max(1, Math.round(ttlMs))))) === 1
    },
    async release(holder) {
      await redis.eval(RELEASE, 1, leaseKey, holder)
    },
    async close() {
      closed = true
      target = null
      waiters.clear()
      if (ownReader) reader.disconnect()
    },
  }
}
