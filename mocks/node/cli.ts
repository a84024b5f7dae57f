#!/usr/bin/env node
/**
 * `npx linekit-mock --port 4010 --webhook http://127.0.0.1:3000/api/linekit/webhooks/dev-secret`
 * (in this repository: `npm run mock -- …`): the standalone mock server. Prints
 * `linekit mock listening on http://127.0.0.1:4010` and the `.env.local` lines when ready; stops on
 * SIGINT/SIGTERM. The server is imported only once its optional peers are known to be installed,
 * so a missing `msw` is one sentence saying what to install, not a stack trace.
 */
import { envLines, helpText, missingPeers, missingPeersMessage, parseCliArgs } from './cliSupport'

const request = parseCliArgs(process.argv.slice(2))
if (request.kind === 'help') {
  process.stdout.write(helpText)
  process.exit(0)
}
if (request.kind === 'error') {
  console.error(request.error)
  process.exit(2)
}

const missing = missingPeers((specifier) => import.meta.resolve(specifier))
if (missing.length > 0) {
  console.error(missingPeersMessage(missing))
  process.exit(1)
}

const { startMockServer } = await import('./index')
const server = await startMockServer({
  port: request.port,
  host: request.host,
  seed: request.seed,
  appPort: request.appPort,
  webhooks: request.webhooks.map((url) => ({ url, inbound: true, outbound: true, audioCalls: true })),
}).catch((error: unknown) => {
  console.error(`linekit-mock: could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
console.log(`linekit mock listening on ${server.url}`)
if (server.appUrl !== undefined)
  console.log(`linekit mock: voice-token mint also on ${server.appUrl}/api/v1/dialer/token`)
console.log(`\n${envLines({ url: server.url, appUrl: server.appUrl, webhooks: request.webhooks })}\n`)

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
