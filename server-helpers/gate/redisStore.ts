/**
 * The budget gate's window in Redis, shared by every instance of a deployment: a sorted set of
 * send times and a pause key, read and written in one Lua script on Redis's own clock (instances'
 * clocks may differ; Redis's is the one they share).
 */
import type { Redis } from 'ioredis'
import type { BudgetStore } from './store'
import { DEFAULT_WINDOW_MS } from './store'

/** Options of {@link createRedisBudgetStore}. */
export interface RedisBudgetStoreOptions {
  redis: Redis
  /** Which gate: the messaging API's or the mint's (each has its own budget). */
  gate: 'messaging' | 'mint'
  /** Prefix of the keys. @default 'linekit' */
  keyPrefix?: string
  /** @default 61000 (see DEFAULT_WINDOW_MS) */
  windowMs?: number
}

// KEYS: the window (sorted set), the pause. ARGV: ceiling, window ms, a unique member.
// Returns 0 when a slot was taken, else the milliseconds to wait before asking again.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return paused - now end
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local ceiling = tonumber(ARGV[1])
local count = redis.call('ZCARD', KEYS[1])
if count < ceiling then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local freeing = redis.call('ZRANGE', KEYS[1], count - ceiling, count - ceiling, 'WITHSCORES')
return math.max(1, tonumber(freeing[2]) + window - now)`

// KEYS: the pause. ARGV: ms. Extends a pause, never shortens it.
const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1])) end
return 0`

/**
 * A {@link BudgetStore} in Redis. Give every instance one per gate, against the same Redis.
 *
 * @example
 * ```ts
 * const redis = new Redis(process.env.REDIS_URL!)
 * const linekit = createLinekitServer({
 *   ...options,
 *   eventBus: createRedisEventBus({ redis }),
 *   budgetStore: (gate) => createRedisBudgetStore({ redis, gate }),
 * })
 * ```
 */
export function createRedisBudgetStore(options: RedisBudgetStoreOptions): BudgetStore {
  const { redis } = options
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS
  const prefix = `${options.keyPrefix ?? 'linekit'}:budget:${options.gate}`
  const instance = Math.random().toString(36).slice(2, 10)
  let seq = 0
  return {
    windowMs,
    async take(ceiling) {
      seq += 1
      const limit = Number.isFinite(ceiling) ? String(ceiling) : '1e15'
      const wait = Number(
        await redis.eval(TAKE, 2, `${prefix}:window`, `${prefix}:pause`, limit, String(windowMs), `${instance}:${seq}`),
      )
      return wait === 0 ? { ok: true } : { ok: false, waitMs: wait }
    },
    async pause(ms) {
      if (ms <= 0) return
      await redis.eval(PAUSE, 1, `${prefix}:pause`, String(Math.ceil(ms)))
    },
  }
}
