/**
 * Fixtures of the server's own tests (refusals, secrets, properties, webhooks): the one backend
 * (`createServiceChain`: the real linekit/server in front of the in-process mock) with a few users
 * with different line sets, an upstream spy, a logger that keeps every line, and a fingerprint of
 * the mock's state to prove a refused request changed nothing.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { vi, expect } from 'vitest'
import { toNodeHandler } from 'linekit/server/node'
import type { LinekitLogger, LinekitServer, LinekitServerOptions } from 'linekit/server'
import { endpoints, endpointsById } from 'linekit/api'
import { createMockClock, seedKeys, seedLines } from 'linekit/mocks'
import type { MockService } from 'linekit/mocks'
import { createServiceChain, serviceHosts } from '../../stories/support/serviceChain'

export const KEY = seedKeys.production
export const SECRET = 'whsec_reliability_0123456789'
export const ORIGIN = 'http://app.local'
/** The service's messaging host (every proxied route). */
export const BASE = serviceHosts.baseUrl
export const T0 = '2026-03-02T12:00:00.000Z'
export const MAIN = seedLines.main.lineId
export const MESSAGING = seedLines.messaging.lineId
export const SHARED = seedLines.shared.lineId
export const INBOUND_ONLY = seedLines.inboundOnly.lineId
export const ALL_LINES = [MAIN, MESSAGING, SHARED, INBOUND_ONLY]

/**
 * alice: the main line only; bob: the messaging line only; carol: two of four lines (must name
 * one); dora: the shared line only; admin: every line (the service may choose); nobody: no line.
 */
export const users = {
  alice: [MAIN],
  bob: [MESSAGING],
  carol: [MAIN, SHARED],
  dora: [SHARED],
  admin: ALL_LINES,
  nobody: [] as string[],
} as const
export type UserName = keyof typeof users

const getLinesPath = endpointsById.getLines.path

/**
 * Every service path the proxy may call, on the host that serves it: the registry's endpoints
 * (`src/api/endpoints/`), a path parameter matching any value of its own shape.
 */
const allowed = endpoints.map((e) => ({
  host: e.host,
  path: new RegExp(`^${e.path.replace(/:[A-Za-z_]+/g, 'pbm_[A-Za-z0-9_%-]+')}$`),
}))

/** True when an upstream URL is one the proxy is allowed to call, on the host that serves it. */
export function isAllowedUpstream(url: string): boolean {
  const { origin, pathname } = new URL(url)
  const host = origin === serviceHosts.appUrl ? 'app' : origin === BASE ? 'base' : undefined
  return allowed.some((e) => e.host === host && e.path.test(pathname))
}

export interface LogLine {
  level: 'warn' | 'error'
  message: string
  details?: Record<string, unknown>
}

export interface Rig {
  mock: MockService
  server: LinekitServer
  /** Every request the server sent upstream (URL, method, the body text). */
  upstream: { url: string; method: string; body: string; authorization: string | null }[]
  logs: LogLine[]
  /** A browser-side request as `user` (the CSRF header is sent unless `csrf: false`). */
  request(
    user: UserName | null,
    path: string,
    init?: {
      method?: string
      body?: string | unknown
      csrf?: boolean
      headers?: Record<string, string>
      signal?: AbortSignal
    },
  ): Request
  call(
    user: UserName | null,
    path: string,
    init?: Parameters<Rig['request']>[2],
  ): Promise<{ status: number; text: string; json: unknown; headers: Headers }>
}

/**
 * A fresh mock (manual clock at {@link T0}, no rate limit unless asked) behind a fresh linekit
 * server; the user is named by the `x-user` header, and the mock's webhooks go into `server`'s
 * webhook route.
 */
export function createRig(
  options: {
    rateLimit?: boolean
    server?: Partial<LinekitServerOptions>
    /**
     * `'contract'`: the lines listing shows only each line's `lineId` (spec: Line — fields not
     * shown beyond it), so the server learns numbers from answers alone. @default the mock's listing
     */
    lineObjects?: 'contract'
  } = {},
): Rig {
  const upstream: Rig['upstream'] = []
  const logs: LogLine[] = []
  const logger: LinekitLogger = {
    warn: (message, details) => logs.push({ level: 'warn', message, ...(details ? { details } : {}) }),
    error: (message, details) => logs.push({ level: 'error', message, ...(details ? { details } : {}) }),
  }
  const { mock, server } = createServiceChain({
    mock: { clock: createMockClock({ now: T0 }) },
    account: 'production',
    prefix: '/api/linekit',
    webhookSecret: SECRET,
    server: {
      logger,
      fetch: async (request) => {
        const body = request.method === 'GET' ? '' : await request.clone().text()
        upstream.push({
          url: request.url,
          method: request.method,
          body,
          authorization: request.headers.get('authorization'),
        })
        const response = await mock.fetch(request)
        if (options.lineObjects !== 'contract' || new URL(request.url).pathname !== getLinesPath || !response.ok)
          return response
        const lines = (await response.json()) as { lineId: string }[]
        return Response.json(lines.map(({ lineId }) => ({ lineId })))
      },
      authorize: async (request) => {
        const name = request.headers.get('x-user')
        return name !== null && Object.hasOwn(users, name)
          ? { userId: name, lineIds: [...users[name as UserName]] }
          : null
      },
      // The mock's own limit is off unless asked, and so is the budget gate (gate/budgetGate.test.ts).
      ...(options.rateLimit ? {} : { requestsPerMinute: Number.POSITIVE_INFINITY }),
      ...options.server,
    },
  })
  if (!options.rateLimit) mock.control.updateSettings({ rateLimitPerMinute: 0 })
  const request: Rig['request'] = (user, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    if (user !== null) headers['x-user'] = user
    if (init.csrf !== false) headers['x-linekit-csrf'] = '1'
    let body: string | undefined
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
      headers['content-type'] ??= 'application/json'
    }
    const method = init.method ?? (body !== undefined ? 'POST' : 'GET')
    return new Request(`${ORIGIN}/api/linekit${path}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      signal: init.signal,
    })
  }
  const call: Rig['call'] = async (user, path, init) => {
    const response = await server.handle(request(user, path, init))
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, text, json, headers: response.headers }
  }
  return { mock, server, upstream, logs, request, call }
}

/**
 * A rig on the mock's clock with the read model's reconciler ticking (it lists the messages once,
 * then idles while the mock's clock stands still), the mock's webhooks into the server, and a
 * lines listing that shows line ids only (spec: Line), so the server learns numbers from answers.
 * Close it with `rig.server.close()`.
 */
export function createTeamRig(): Rig {
  const clock = { now: () => 0 }
  const rig = createRig({
    lineObjects: 'contract',
    server: { now: () => clock.now(), readModel: { reconciler: { tickMs: 5 } } },
  })
  clock.now = () => rig.mock.state.clock.now()
  rig.mock.control.webhooks.create({ url: `${ORIGIN}/api/linekit/webhooks/${SECRET}`, audioCalls: true })
  return rig
}

/** Waits until the read model answers `user`'s message list (the reconciler's listing is in). */
export async function modelAnswers(rig: Rig, user: UserName = 'alice'): Promise<void> {
  await vi.waitFor(
    async () => {
      const before = rig.upstream.length
      expect((await rig.call(user, '/get-messages-api')).status).toBe(200)
      expect(rig.upstream.length).toBe(before)
    },
    { timeout: 5000, interval: 10 },
  )
}

/** Delivers the mock's pending webhooks and waits for the server to publish them. */
export async function delivered(rig: Rig): Promise<void> {
  await rig.mock.control.webhooks.flush()
  await rig.server.settled()
}

/**
 * Everything a request could change in the mock, as one comparable string: per account the
 * messages (with reactions), contacts (with their fields), groups, runs, send records and
 * conversations; globally calls, call logs, voice tokens and webhooks.
 */
export function fingerprint(mock: MockService): string {
  const state = mock.state
  const accounts = [...state.accounts.values()].map((a) => ({
    id: a.id,
    messages: a.messages.map((m) => `${m.handle}:${m.content.length}:${[...m.reactions].join('|')}`),
    contacts: a.contacts.map((c) => JSON.stringify(c)),
    groups: [...a.groupsById.keys()],
    runs: [...a.runs.values()].map((r) => `${r.runId}:${r.status}`),
    sends: a.sends.size,
    groupSends: a.groupSends.size,
    conversations: a.conversations.size,
    optedOut: a.optedOut.size,
  }))
  const calls = [...state.calls.values()].map((c) => JSON.stringify(c))
  const callLogs = [...state.callLogs.values()].map((c) => JSON.stringify(c))
  return JSON.stringify({
    accounts,
    calls,
    callLogs,
    tokens: state.voiceTokens.size,
    webhooks: state.webhooks.size,
    outbox: state.outbox.length,
  })
}

/** Runs `act` and checks it reached no upstream route at all and changed nothing. */
export async function refusedBeforeUpstream<R extends { status: number; text: string }>(
  rig: Rig,
  act: () => Promise<R>,
): Promise<R> {
  const before = rig.upstream.length
  const state = fingerprint(rig.mock)
  const result = await act()
  expect(result.status, result.text).toBeGreaterThanOrEqual(400)
  expect(result.status, result.text).toBeLessThan(500)
  // Reading the account's lines (to decide whether the user covers them) is the only call allowed.
  expect(
    rig.upstream
      .slice(before)
      .map((u) => u.url)
      .filter((u) => u !== `${BASE}${getLinesPath}`),
  ).toEqual([])
  expect(fingerprint(rig.mock)).toBe(state)
  expect(result.text).not.toContain(KEY)
  return result
}

/** Counts of what a refused request must not change (messages, contacts, groups), for readable failure messages. */
export function counts(mock: MockService): { messages: number; contacts: number; groups: number } {
  let messages = 0
  let contacts = 0
  let groups = 0
  for (const a of mock.state.accounts.values()) {
    messages += a.messages.length
    contacts += a.contacts.length
    groups += a.groupsById.size
  }
  return { messages, contacts, groups }
}

/**
 * Polls `check` on real time (for background work that has no promise to await). It returns as
 * soon as `check` holds, so the generous default costs nothing on a quiet machine and lets a busy one finish.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('eventually: condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

export interface SseEvent {
  id: string
  event: string
  data: { type: string; lineId: string; data: Record<string, unknown> }
}

/** Reads an SSE response in the background; `events()` parses the frames received so far. */
export function collectSse(response: Response) {
  const frames: string[] = []
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let ended = false
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (finished) {
        ended = true
        return
      }
      buffer += value
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        frames.push(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
      }
    }
  })()
  const events = (): SseEvent[] =>
    frames
      .filter((f) => f.startsWith('id: '))
      .map((f) => {
        const [id, event, data] = f.split('\n')
        return { id: id!.slice(4), event: event!.slice(7), data: JSON.parse(data!.slice(6)) as SseEvent['data'] }
      })
  return { frames, events, ended: () => ended, stop: () => reader.cancel().then(() => done) }
}

/** `server` behind the Node adapter on a free loopback port; `close()` ends open streams too. */
export async function listenOverNode(
  server: LinekitServer,
): Promise<{ port: number; origin: string; close(): Promise<void> }> {
  const http = createServer(toNodeHandler(server))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const port = (http.address() as AddressInfo).port
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      }),
  }
}
