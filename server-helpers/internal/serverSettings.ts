/**
 * Every option of `createLinekitServer`, once: whether it is required, its default, the
 * environment variable the quick starts read it from, and the check it must pass at start. The
 * server refuses to start with one sentence per setting that is missing or malformed (a missing
 * `baseUrl` used to surface as "Cannot read properties of undefined"), and docs/deploy.md's
 * settings table is generated from this list (scripts/deployDocs.ts), so neither can drift from
 * the options type: createLinekitServer.ts checks that the list names every option.
 */
/** One option: what docs/deploy.md says of it, and its check. */
export interface ServerSetting {
  /** Required at start (`createLinekitServer` throws without it). */
  required: boolean
  /** The environment variable the quick starts and docs/deploy.md read it from, if any. */
  env?: string
  /** Its default, as docs/deploy.md shows it. */
  default?: string
  /** One sentence: what it is. */
  meaning: string
  /** What is wrong with `value`, or null when it is fine; only called when the value is given. */
  check?: (value: unknown) => string | null
}

/** The characters a secret may have to stand in a URL path segment as it is (RFC 3986 unreserved). */
const SECRET = /^[A-Za-z0-9._~-]+$/

const absoluteUrl = (example: string) => (value: unknown) => {
  if (typeof value !== 'string' || value.trim() === '') return `an absolute http(s) URL such as ${example}`
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return null
  } catch {
    // not a URL: the sentence below says what it should look like
  }
  return `an absolute http(s) URL such as ${example} (got ${JSON.stringify(value)})`
}

const positive = (what: string) => (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? null : `a number above 0 (${what})`

/** A count: a whole number, or Infinity for no limit (tests and benchmarks turn the key's budget off so). */
const wholeAtLeast = (min: number, what: string) => (value: unknown) =>
  (Number.isInteger(value) && (value as number) >= min) || value === Number.POSITIVE_INFINITY
    ? null
    : `a whole number ≥ ${min}, or Infinity for no limit (${what})`

const fn = (shape: string) => (value: unknown) => (typeof value === 'function' ? null : `a function ${shape}`)

const secretCheck = (value: unknown): string | null => {
  if (value === false) return null
  const list = Array.isArray(value) ? (value as unknown[]) : [value]
  if (list.length === 0) return 'a non-empty list when it is a list'
  for (const secret of list) {
    if (typeof secret !== 'string' || !SECRET.test(secret))
      return 'a string of letters, digits and . _ ~ - (it is a segment of the webhook URL), a list of them while rotating, or false to turn the webhook route off'
  }
  return null
}

/** Every option of `createLinekitServer`, in the order docs/deploy.md lists them. */
export const serverSettings = {
  apiKey: {
    required: true,
    env: 'LINEKIT_API_KEY',
    meaning: 'The workspace API key. Added to upstream calls only; never sent to a browser or logged.',
    check: (value) => (typeof value === 'string' && value.trim() !== '' ? null : 'a non-empty string'),
  },
  baseUrl: {
    required: true,
    env: 'LINEKIT_BASE_URL',
    meaning: "The service's `{base_url}`: the messaging API (spec: Base URLs).",
    check: absoluteUrl('https://api.example.com'),
  },
  appUrl: {
    required: true,
    env: 'LINEKIT_APP_URL',
    meaning: "The service's `{app_url}`: the voice-token mint (spec: Base URLs).",
    check: absoluteUrl('https://app.example.com'),
  },
  authorize: {
    required: true,
    meaning: 'Who is calling and which lines they may use: `(request) => Promise<{ userId, lineIds } | null>`.',
    check: fn('(request) => Promise<{ userId, lineIds } | null>'),
  },
  webhookSecret: {
    required: true,
    env: 'LINEKIT_WEBHOOK_SECRET',
    meaning:
      'The secret path segment of the webhook URL `<prefix>/webhooks/<secret>`; a list accepts each (rotation); `false` turns the webhook route off.',
    check: secretCheck,
  },
  prefix: {
    required: false,
    default: "'/api/linekit'",
    meaning: 'Path prefix of every route.',
    check: (value) => (typeof value === 'string' ? null : "a path such as '/api/linekit'"),
  },
  fetch: {
    required: false,
    default: 'globalThis.fetch',
    meaning: 'Upstream fetch, called as `fetch(request, { signal })` (tests pass the mock’s).',
    check: fn('(request, { signal }) => Promise<Response>'),
  },
  eventBus: {
    required: false,
    default: 'in memory',
    meaning:
      'The event bus between the webhook route and the event streams; `createRedisEventBus` for several instances.',
  },
  budgetStore: {
    required: false,
    default: 'in memory',
    meaning:
      "Where the key's budget windows live; `(gate) => createRedisBudgetStore({ redis, gate })` for several instances.",
    check: fn('(gate) => BudgetStore'),
  },
  requestsPerMinute: {
    required: false,
    default: '60',
    meaning: 'Messaging requests per minute for the whole key (spec: Limits).',
    check: wholeAtLeast(1, 'the spec allows 60'),
  },
  mintsPerMinute: {
    required: false,
    default: '30',
    meaning: 'Voice-token mints per minute for the whole key (spec: Limits).',
    check: wholeAtLeast(1, 'the spec allows 30'),
  },
  maxQueue: {
    required: false,
    default: '20',
    meaning: 'Requests that may wait for a slot on one instance (the mint’s queue is half); past it, 429.',
    check: wholeAtLeast(0, 'requests'),
  },
  maxBodyBytes: {
    required: false,
    default: '65536',
    meaning: 'Largest accepted request body; larger gets 413.',
    check: wholeAtLeast(1, 'bytes'),
  },
  allowedOrigins: {
    required: false,
    default: '[]',
    meaning: 'Origins accepted on POSTs besides the request’s own (a proxy that rewrites the host).',
    check: (value) =>
      Array.isArray(value) && value.every((origin) => typeof origin === 'string')
        ? null
        : "a list of origins such as ['https://app.example.com']",
  },
  csrfHeader: {
    required: false,
    default: "'x-linekit-csrf'",
    meaning: 'Header that also passes the CSRF check.',
    check: (value) => (typeof value === 'string' && value !== '' ? null : 'a header name'),
  },
  upstreamTimeoutMs: {
    required: false,
    default: '15000',
    meaning: 'Upstream time limit, from when the call leaves the gate.',
    check: positive('milliseconds'),
  },
  logger: {
    required: false,
    default: 'console',
    meaning: '`{ warn, error }`; never given the key.',
    check: (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { warn?: unknown }).warn === 'function' &&
      typeof (value as { error?: unknown }).error === 'function'
        ? null
        : 'an object with warn(message, details) and error(message, details)',
  },
  heartbeatMs: {
    required: false,
    default: '15000',
    meaning: 'Interval of the event stream’s heartbeat comments (keep it under your proxy’s idle timeout).',
    check: positive('milliseconds'),
  },
  retryMs: {
    required: false,
    default: '1000',
    meaning: 'The event stream’s `retry:`: how soon a browser whose stream was cut reconnects.',
    check: positive('milliseconds'),
  },
  replayBufferSize: {
    required: false,
    default: '1000',
    meaning: 'Events the in-memory bus keeps for `Last-Event-ID` replay.',
    check: wholeAtLeast(0, 'events'),
  },
  lineNumbers: {
    required: false,
    meaning: 'Line number (E.164) → line id, trusted over what the server learns.',
    check: (value) =>
      typeof value === 'object' && value !== null && Object.values(value).every((id) => typeof id === 'string')
        ? null
        : "an object such as { '+14155550100': '<line id>' }",
  },
  linesCacheMs: {
    required: false,
    default: '60000',
    meaning: 'How long the account’s line listing is cached.',
    check: positive('milliseconds'),
  },
  callStatusMaxAgeMs: {
    required: false,
    default: '5000',
    meaning: 'How long one call-status answer serves every read of that call.',
    check: positive('milliseconds'),
  },
  typingIntervalMs: {
    required: false,
    default: '3000',
    meaning: 'At most one typing indicator per thread goes upstream in it.',
    check: positive('milliseconds'),
  },
  maxStreamsPerUser: {
    required: false,
    default: '10',
    meaning: 'Event streams one user may hold open on one instance.',
    check: wholeAtLeast(1, 'streams'),
  },
  maxStreams: {
    required: false,
    default: '1000',
    meaning: 'Event streams one instance holds open for all users.',
    check: wholeAtLeast(1, 'streams'),
  },
  publishTimeoutMs: {
    required: false,
    default: '5000',
    meaning: 'How long one webhook’s publish may hold back the next (bus down).',
    check: positive('milliseconds'),
  },
  readModel: {
    required: false,
    default: '{} (in memory, 7 days)',
    meaning:
      'The read model: `{ store: createRedisModelStore({ redis }) }` for several instances, `{ retention }`, `false` for none.',
    check: (value) =>
      value === false || (typeof value === 'object' && value !== null)
        ? null
        : '{ store?, retention?, reconciler? } or false',
  },
  now: {
    required: false,
    default: 'Date.now',
    meaning: 'The clock (tests inject one).',
    check: fn('() => number'),
  },
} satisfies Record<string, ServerSetting>

/**
 * The sentences of every missing or malformed setting (empty when all are fine). A required
 * setting left `undefined` — an unset environment variable — says so with the variable's name.
 */
export function settingProblems(
  options: Record<string, unknown> | null | undefined,
  settings: Record<string, ServerSetting> = serverSettings,
): string[] {
  const given = options ?? {}
  const problems: string[] = []
  for (const [name, setting] of Object.entries(settings)) {
    const value = given[name]
    if (value === undefined) {
      if (setting.required) {
        const from = setting.env ? ` (read from ${setting.env}? it is not set)` : ''
        const shape = setting.check?.(undefined) ?? ''
        problems.push(`${name} is missing${from}: it should be ${shape}.`)
      }
      continue
    }
    const wrong = setting.check?.(value)
    if (wrong) problems.push(`${name} is malformed: it should be ${wrong}.`)
  }
  return problems
}

/** Throws one error naming each missing or malformed setting, the way `createLinekitServer` refuses to start. */
export function assertServerSettings(
  options: Record<string, unknown> | null | undefined,
  settings: Record<string, ServerSetting>,
): void {
  const problems = settingProblems(options, settings)
  if (problems.length === 0) return
  throw new Error(
    `linekit/server: createLinekitServer refuses to start: ${problems.length === 1 ? 'one setting is' : `${problems.length} settings are`} missing or malformed.\n- ${problems.join('\n- ')}\nEvery setting: docs/deploy.md in the linekit package.`,
  )
}
