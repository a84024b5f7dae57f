/**
 * The parts of the `linekit-mock` command that need none of its optional peers: arguments, help,
 * the peer check and the lines it prints for an app's `.env.local`. `cli.ts` loads the server only
 * after `missingPeers` found nothing missing.
 */
import { parseArgs } from 'node:util'
import { seedKeys } from '../service/seed'

export const helpText = `linekit-mock — the linekit mock service on your machine, for developing your app without an account

Usage: npx linekit-mock [--port 4010] [--webhook <your app's webhook URL>]…

Options:
  -p, --port <n>        port to listen on (0 picks a free one)            default 4010
      --host <addr>     interface to bind                                  default 127.0.0.1
      --webhook <url>   your app's webhook receiver, registered for messages and calls,
                        and again after every reset (repeat for several apps), e.g.
                        http://127.0.0.1:3000/api/linekit/webhooks/dev-secret
      --app-port <n>    also serve the voice-token mint ({app_url}) on its own port
      --seed <n>        seed of generated ids                              default 1
  -h, --help            this help

It prints the LINEKIT_* lines for your app's .env.local, then serves until Ctrl+C.
Control API (reset, inject inbound messages and calls, faults): http://<host>:<port>/__mock/…
Needs the optional peers msw and @hono/node-server: npm install --save-dev msw@~2.15.0 @hono/node-server
`

/** What `linekit-mock` was asked to do; `error` is a sentence for stderr (exit code 2). */
type CliRequest =
  | { kind: 'help' }
  | { kind: 'error'; error: string }
  | { kind: 'serve'; port: number; host: string; seed: number; appPort?: number; webhooks: string[] }

const isPort = (n: number) => Number.isInteger(n) && n >= 0 && n <= 65_535

/** Reads the command line (`process.argv.slice(2)`). */
export function parseCliArgs(args: string[]): CliRequest {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string', short: 'p', default: '4010' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: '1' },
        'app-port': { type: 'string' },
        webhook: { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }))
  } catch (error) {
    return { kind: 'error', error: `linekit-mock: ${(error as Error).message} (see --help)` }
  }
  if (values.help) return { kind: 'help' }
  // Every malformed option is named in one sentence each, so one run shows all there is to fix.
  const problems: string[] = []
  const portOf = (flag: string, text: string | undefined) => {
    if (text === undefined) return undefined
    const port = /^\d+$/.test(text) ? Number(text) : Number.NaN
    if (!isPort(port)) problems.push(`--${flag} must be an integer from 0 to 65535 (got ${JSON.stringify(text)})`)
    return port
  }
  const port = portOf('port', values.port) ?? 4010
  const appPort = portOf('app-port', values['app-port'])
  if (values.host.trim() === '') problems.push('--host must be a host name or address such as 127.0.0.1 (got "")')
  for (const url of values.webhook) {
    if (!/^https?:\/\/[^/]/.test(url))
      problems.push(
        `--webhook must be an absolute http(s) URL such as http://127.0.0.1:3000/api/linekit/webhooks/dev-secret (got ${JSON.stringify(url)})`,
      )
  }
  const seed = /^-?\d+$/.test(values.seed) ? Number(values.seed) : Number.NaN
  if (!Number.isSafeInteger(seed)) problems.push(`--seed must be an integer (got ${JSON.stringify(values.seed)})`)
  if (problems.length > 0)
    return { kind: 'error', error: problems.map((problem) => `linekit-mock: ${problem}`).join('\n') + '\n(see --help)' }
  return {
    kind: 'serve',
    port,
    host: values.host,
    seed,
    ...(appPort === undefined ? {} : { appPort }),
    webhooks: values.webhook,
  }
}

/** The optional peers the mock server needs. */
const mockPeers = ['msw', '@hono/node-server'] as const

/** The peers `resolve` cannot find (`resolve` throws for a missing package, like `import.meta.resolve`). */
export function missingPeers(resolve: (specifier: string) => unknown): string[] {
  return mockPeers.filter((name) => {
    try {
      resolve(name)
      return false
    } catch {
      return true
    }
  })
}

/** The sentence printed when peers are missing: exactly what to install. */
export function missingPeersMessage(missing: string[]): string {
  const install = missing.map((name) => (name === 'msw' ? 'msw@~2.15.0' : name)).join(' ')
  return `linekit-mock needs ${missing.join(' and ')} (optional peers of linekit, used only by the mock): npm install --save-dev ${install}`
}

/** The default secret printed when no `--webhook` names one. */
const DEFAULT_SECRET = 'dev-secret'

/** The secret of a linekit webhook URL (`…/webhooks/<secret>`), if it is one. */
function secretOf(url: string): string | undefined {
  return /\/webhooks\/([^/?#]+)\/?(?:[?#]|$)/.exec(url)?.[1]
}

/**
 * The lines an app puts in `.env.local` to use this mock (the production account's key,
 * mocks/README.md "Seed"), and a hint when no webhook is registered.
 */
export function envLines(options: { url: string; appUrl?: string; webhooks: string[] }): string {
  const secret = options.webhooks.map(secretOf).find((s) => s !== undefined) ?? DEFAULT_SECRET
  const lines = [
    `LINEKIT_API_KEY=${seedKeys.production}`,
    `LINEKIT_BASE_URL=${options.url}`,
    `LINEKIT_APP_URL=${options.appUrl ?? options.url}`,
    `LINEKIT_WEBHOOK_SECRET=${secret}`,
  ]
  const hint =
    options.webhooks.length === 0
      ? `No webhook registered: inbound messages wait for the server's reconciler and inbound calls never ring. ` +
        `Start with --webhook http://127.0.0.1:3000/api/linekit/webhooks/${secret} (your app's address).`
      : `Webhook${options.webhooks.length > 1 ? 's' : ''} registered (again after every reset): ${options.webhooks.join(', ')}`
  return `Put these lines in your app's .env.local:\n\n${lines.join('\n')}\n\n${hint}`
}
