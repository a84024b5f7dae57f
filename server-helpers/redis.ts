/**
 * `linekit/server/redis`: what several backend instances share through Redis — the event bus
 * (redisEventBus.ts), the budget gate's window (gate/redisBudgetStore.ts) and the read model with
 * its reconciler's lease (model/redisModelStore.ts). A separate entry because `ioredis` is an
 * optional peer dependency: `linekit/server` does not reach these modules.
 */
export { createRedisEventBus } from './redisEventBus'
export type { RedisEventBus, RedisEventBusOptions } from './redisEventBus'
export { createRedisBudgetStore } from './gate/redisBudgetStore'
export type { RedisBudgetStoreOptions } from './gate/redisBudgetStore'
export { createRedisModelStore } from './model/redisModelStore'
export type { RedisModelStoreOptions } from './model/redisModelStore'
