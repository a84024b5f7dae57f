/**
 * `npm run mock -- --port 4010 [--host 127.0.0.1] [--seed 1] [--app-port 4011]`: the standalone mock server.
 * Prints `linekit mock listening on http://127.0.0.1:4010` when ready; stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util'
import { startMockServer } from './index'

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    'app-port': { type: 'string' },
  },
  strict: true,
})

const port = Number(values.port)
const seed = Number(values.seed)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`linekit mock: --port must be an integer from 0 to 65535 (got ${values.port})`)
  process.exit(2)
}

const appPort = values['app-port'] === undefined ? undefined : Number(values['app-port'])
if (appPort !== undefined && (!Number.isInteger(appPort) || appPort < 0 || appPort > 65_535)) {
  console.error(`linekit mock: --app-port must be an integer from 0 to 65535 (got ${values['app-port']})`)
  process.exit(2)
}

const server = await startMockServer({ port, host: values.host, seed: Number.isFinite(seed) ? seed : 1, appPort })
console.log(`linekit mock listening on ${server.url}`)
if (server.appUrl !== undefined)
  console.log(`linekit mock: voice-token mint also on ${server.appUrl}/api/v1/dialer/token`)

let stopping = false
const stop = (signal: string) => {
  if (stopping) return
  stopping = true
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`linekit mock: error while stopping on ${signal}`, error)
      process.exit(1)
    },
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
