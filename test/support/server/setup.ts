/** Test helpers of the linekit/server route tests: a server over a scripted upstream, browser-like requests, webhooks. */
import { expect, vi } from 'vitest'
import type { LinekitServerOptions, LinekitUser } from '../../../server-helpers/createLinekitServer'
import { createLinekitServer } from '../../../server-helpers/createLinekitServer'
import type { EventBus, LinekitEvent } from '../../../server-helpers/eventBus'
import { KEY, LINE_A, LINE_B, LINE_C, NUMBER_B, fakeUpstream } from './fakeUpstream'

export const ORIGIN = 'https://app.example'
export const BASE = 'https://base.example'
export const APP = 'https://dialer.example'
export const SECRET = 'whsec_0123456789abcdef'

export const users: Record<string, LinekitUser> = {
  alice: { userId: 'alice', lineIds: [LINE_A] },
  bob: { userId: 'bob', lineIds: [LINE_B] },
  carol: { userId: 'carol', lineIds: [LINE_A, LINE_B] },
  admin: { userId: 'admin', lineIds: [LINE_A, LINE_B, LINE_C] },
}

/** A server over {@link fakeUpstream}, signed in as the `x-user` header's user. */
export function setup(
  upstreamRoutes: Parameters<typeof fakeUpstream>[0] = {},
  extra: Partial<LinekitServerOptions> = {},
) {
  const upstream = fakeUpstream(upstreamRoutes)
  const logger = { warn: vi.fn(), error: vi.fn() }
  const server = createLinekitServer({
    apiKey: KEY,
    baseUrl: BASE,
    appUrl: APP,
    webhookSecret: SECRET,
    fetch: upstream.fetch,
    logger,
    authorize: async (request) => users[request.headers.get('x-user') ?? ''] ?? null,
    ...extra,
  })
  return { server, upstream, logger }
}

/** A browser-like request: same origin, signed in as `user`. */
export function req(path: string, init: RequestInit & { user?: string; json?: unknown } = {}): Request {
  const headers = new Headers(init.headers)
  if (init.user) headers.set('x-user', init.user)
  const method = init.method ?? (init.json !== undefined ? 'POST' : 'GET')
  if (method === 'POST' && !headers.has('origin')) headers.set('origin', ORIGIN)
  if (init.json !== undefined) headers.set('content-type', 'application/json')
  return new Request(`${ORIGIN}${path}`, {
    ...init,
    method,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
}

export async function expectNoKey(response: Response) {
  const text = await response.clone().text()
  expect(text).not.toContain(KEY)
  response.headers.forEach((value) => expect(value).not.toContain(KEY))
}

let nextMessageId = 1
/**
 * A message webhook's payload. Each call is a new message (its own `messageId` and `guid`) unless
 * `messageId` names one: the server publishes a `guid` once (spec: Message webhook payload).
 */
export const messagePayload = (linePhoneNumber: string, messageId = nextMessageId++) => ({
  message: 'hello',
  destination: '+14155550999',
  receivedAt: '2026-01-01T00:00:00Z',
  direction: 'inbound',
  messageId,
  guid: `g-${messageId}`,
  linePhoneNumber,
})

export const ringing = (lineId: string, callUuid = 'call-1', linePhoneNumber = NUMBER_B) => ({
  event: 'audiocall.inbound.ringing',
  call_uuid: callUuid,
  direction: 'inbound',
  from: '+14155550999',
  pb_line_id: lineId,
  linePhoneNumber,
  ringingAt: '2026-01-01T00:00:00Z',
  receivedAt: '2026-01-01T00:00:00Z',
})

/** A webhook delivery from the service. */
export const hook = (body: unknown, secret = SECRET) =>
  new Request(`${ORIGIN}/api/linekit/webhooks/${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** Every event the bus delivers from now on. */
export function recordBus(bus: EventBus) {
  const seen: LinekitEvent[] = []
  bus.subscribe((event) => seen.push(event))
  return seen
}

/** Reads SSE frames from a response until `until` says stop. */
export async function readFrames(response: Response, until: (frames: string[]) => boolean): Promise<string[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const frames: string[] = []
  while (!until(frames)) {
    const { done, value } = await reader.read()
    if (done) break
    buffer += value
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      frames.push(buffer.slice(0, end))
      buffer = buffer.slice(end + 2)
    }
  }
  await reader.cancel()
  return frames
}
