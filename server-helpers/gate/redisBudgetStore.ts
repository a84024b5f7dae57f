/**
 * The budget gate's window in Redis, shared by every instance of a deployment: a sorted set of
 * send times and a pause key, read and written in one Lua script on Redis's own clock (instances'
 * clocks may differ; Redis's is the one they share).
 */
import type { Redis } from 'ioredis'
import type { BudgetStore } from './budgetStore'
import { DEFAULT_WINDOW_MS } from './budgetStore'

/** Options of {@link createRedisBudgetStore}. */
export interface RedisBudgetStoreOptions {
  redis: Redis
  /** Which gate: the messaging API's or the mint's (each has its own budget). */
  gate: 'messaging' | 'mint'
  /** Prefix of the keys. @default 'linekit' */
  keyPrefix?: string
  /** @default 61000 (see DEFAULT_WINDOW_MS) */
  windowMs?: number
  /**
   * Called when this instance finds the window gone although it took a slot within it (Redis
   * restarted without persistence, or evicted the key): the window is then taken as full.
   */
  onLost?: (gate: 'messaging' | 'mint') => void
}

const warnLost = (gate: string) =>
  console.warn(
    `[linekit/server] the ${gate} budget window is gone from Redis (restart without persistence, or eviction); taken as full for a whole window`,
  )

/** Slack between this instance's clock and the key's expiry on Redis's clock. */
const LOST_MARGIN_MS = 2000

// KEYS: the window (sorted set), the pause. ARGV: ceiling, window ms, a unique member, the user
// ('' for none), the limit, '1' when this instance took a slot within the window (so the window
// must exist: when it does not, Redis lost it — a restart without persistence, an eviction — and
// it is taken as full for a whole window, since the service still counts what was sent). A user's
// member ends in `|<user>`, so the user's own bounds are counted from the one set, as
// budgetStore.ts does in memory (ownWait: their share of the window, the free sixth). Returns { 0, 0 } when a slot was taken, else { ms to wait before asking
// again, 1 when it is the user's own bounds that hold them }.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
if ARGV[6] == '1' and redis.call('EXISTS', KEYS[1]) == 0 then
  local untilMs = now + window
  local current = tonumber(redis.call('GET', KEYS[2]) or '0')
  if untilMs > current then redis.call('SET', KEYS[2], untilMs, 'PX', window) end
  -- The window exists again (this marker leaves it with the pause), so the loss is seen once.
  redis.call('ZADD', KEYS[1], now, 'lost')
  redis.call('PEXPIRE', KEYS[1], window)
  return { window, 0, 1 }
end
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return { paused - now, 0 } end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local ceiling = tonumber(ARGV[1])
local count = redis.call('ZCARD', KEYS[1])
local bound = ceiling
if ARGV[4] ~= '' then bound = tonumber(ARGV[5]) end
if count >= bound then
  local freeing = redis.call('ZRANGE', KEYS[1], count - bound, count - bound, 'WITHSCORES')
  return { math.max(1, tonumber(freeing[2]) + window - now), 0 }
end
local user = ARGV[4]
if user ~= '' then
  local slots = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
  local seen = { [user] = true }
  local users = 1
  local mine = {}
  for i = 1, #slots, 2 do
    local bar = string.find(slots[i], '|', 1, true)
    if bar then
      local owner = string.sub(slots[i], bar + 1)
      if not seen[owner] and string.byte(owner, 1) ~= 0 then
        seen[owner] = true
        users = users + 1
      end
      if owner == user then mine[#mine + 1] = tonumber(slots[i + 1]) end
    end
  end
  local limit = tonumber(ARGV[5])
  local kept = math.ceil(limit / 6)
  local shared = limit - kept
  local share = math.max(1, math.min(10, shared), math.floor(shared / users))
  local m = #mine
  local wait = 0
  if m >= share then
    wait = mine[m - share + 1] + window - now
  else
    local keeps = math.ceil(kept / 2)
    local room = limit
    if m >= keeps then room = limit - kept end
    if count >= room then
      local oldest = redis.call('ZRANGE', KEYS[1], count - room, count - room, 'WITHSCORES')
      wait = tonumber(oldest[2]) + window - now
      if m >= keeps then wait = math.min(wait, mine[m - keeps + 1] + window - now) end
    end
  end
  if wait > 0 then return { math.max(1, math.ceil(wait)), 1 } end
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return { 0, 0 }`

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
  // When this instance last took a slot, on a monotonic clock (a wall-clock step must not make a
  // window look lost, nor hide a lost one). A margin under the window: the key's own expiry
  // (PEXPIRE window after the newest slot) must not be mistaken for a loss.
  let tookAt = -Infinity
  const recentlyTook = () => performance.now() - tookAt < windowMs - LOST_MARGIN_MS
  return {
    windowMs,
    async take(ceiling, taker) {
      seq += 1
      const limit = Number.isFinite(ceiling) ? String(ceiling) : '1e15'
      const member = taker ? `${instance}:${seq}|${taker.user}` : `${instance}:${seq}`
      const [wait, own, lost] = (await redis.eval(
        TAKE,
        2,
        `${prefix}:window`,
        `${prefix}:pause`,
        limit,
        String(windowMs),
        member,
        taker?.user ?? '',
        String(taker?.limit ?? 0),
        recentlyTook() ? '1' : '0',
      )) as [number, number, number?]
      if (Number(lost) === 1) (options.onLost ?? warnLost)(options.gate)
      if (Number(wait) === 0) {
        tookAt = performance.now()
        return { ok: true }
      }
      return Number(own) === 1 ? { ok: false, waitMs: Number(wait), own: true } : { ok: false, waitMs: Number(wait) }
    },
    async pause(ms) {
      if (ms <= 0) return
      await redis.eval(PAUSE, 1, `${prefix}:pause`, String(Math.ceil(ms)))
    },
  }
}
