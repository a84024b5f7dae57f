// One instance: node --env-file=.env server.js (docker-compose.yml starts two behind nginx).
import { createServer } from 'node:http'
import { toNodeHandler } from 'linekit/server/node'
import { createInstance } from './linekit.js'

const { linekit, close } = createInstance()
await linekit.ready() // the model loaded from Redis before taking traffic; GET /api/linekit/health says so too

const port = Number(process.env.PORT ?? 3001)
const server = createServer(toNodeHandler(linekit)).listen(port, process.env.HOST ?? '127.0.0.1', () => {
  console.log(`linekit instance ${process.env.INSTANCE ?? ''} on port ${port}`)
})
process.on('SIGTERM', () => {
  server.close() // stop accepting; the load balancer's readiness check has already moved traffic
  server.closeAllConnections() // open event streams: their browsers reconnect to another instance
  void close().finally(() => process.exit(0))
})
