// One instance of the deployment: linekit's routes over the Redis that every instance shares (the event bus, the
// key's budget window, the read model). Several of these behind a load balancer are one deployment.
import { Redis } from 'ioredis'
import { createLinekitServer } from 'linekit/server'
import { createRedisBudgetStore, createRedisEventBus, createRedisModelStore } from 'linekit/server/redis'
import { currentUser } from './session.js'

export function createInstance(env = process.env) {
  // Without REDIS_URL ioredis would quietly try localhost:6379: refuse by name instead.
  if (!env.REDIS_URL) throw new Error('REDIS_URL is not set: the Redis every instance shares, e.g. redis://redis:6379')
  const redis = new Redis(env.REDIS_URL)
  const eventBus = createRedisEventBus({ redis })
  const modelStore = createRedisModelStore({ redis })
  const linekit = createLinekitServer({
    apiKey: env.LINEKIT_API_KEY, // stays on the server
    baseUrl: env.LINEKIT_BASE_URL, // the service's {base_url}
    appUrl: env.LINEKIT_APP_URL, // the service's {app_url} (voice-token mint)
    webhookSecret: env.LINEKIT_WEBHOOK_SECRET?.split(','), // "<new>,<old>" while rotating it (docs/deploy.md)
    authorize: async (request) => {
      const user = await currentUser(request, env) // your sign-in; session.js is a stand-in
      return user ? { userId: user.id, lineIds: user.lineIds } : null // null → 401
    },
    eventBus,
    budgetStore: (gate) => createRedisBudgetStore({ redis, gate }), // one window per gate for all instances
    readModel: { store: modelStore },
  })
  const close = async () => {
    await linekit.close() // the reconciler's lease goes to another instance at once
    await Promise.all([eventBus.close(), modelStore.close()])
    redis.disconnect()
  }
  return { linekit, close }
}
