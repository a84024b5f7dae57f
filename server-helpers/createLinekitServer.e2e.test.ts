/**
 * linekit/server end to end with the mock service as the upstream: in-process
 * (`createMockService().fetch`) and over real HTTP (the standalone mock + the Node adapter).
 * A webhook from the mock reaches an SSE client; a browser-side response never carries the
 * key; a user cannot use, list or hear about another user's line.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createLinekitServer } from 'linekit/server'
import type { LinekitServer } from 'linekit/server'
import { createMockService, seedKeys, seedLines } from 'linekit/mocks'
import { startMockServer } from 'linekit/mocks/node'
import { listenOverNode } from '../test/support/serverRig'
import type { MockServer } from 'linekit/mocks/node'

const KEY = seedKeys.production
const SECRET = 'whsec_e2e_0123456789'
const MAIN = seedLines.main.lineId
const MESSAGING = seedLines.messaging.lineId
const CALLER = '+14155550124'

/** alice may use the main line only; bob the messaging line only. */
const users = { alice: [MAIN], bob: [MESSAGING] } as const
type UserName = keyof typeof users

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A browser-side client of the linekit server: every response is checked for the key. */
function browser(send: (request: Request) => Promise<Response>, origin: string, user: UserName) {
  const call = async (path: string, init: { method?: string; json?: unknown; signal?: AbortSignal } = {}) => {
    const headers: Record<string, string> = { 'x-user': user, 'x-linekit-csrf': '1' }
    if (init.json !== undefined) headers['content-type'] = 'application/json'
    const response = await send(
      new Request(`${origin}/api/linekit${path}`, {
        method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
        headers,
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
        signal: init.signal,
      }),
    )
    response.headers.forEach((value) => expect(value).not.toContain(KEY))
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      const text = await response.clone().text()
      expect(text).not.toContain(KEY)
    }
    return response
  }
  return call
}

function linekitFor(fetch: (request: Request) => Promise<Response>, upstreamUrl: string): LinekitServer {
  return createLinekitServer({
    apiKey: KEY,
    baseUrl: upstreamUrl,
    appUrl: upstreamUrl,
    webhookSecret: SECRET,
    fetch,
    logger: { warn: () => undefined, error: () => undefined },
    authorize: async (request) => {
      const name = request.headers.get('x-user') as UserName | null
      return name && name in users ? { userId: name, lineIds: [...users[name]] } : null
    },
  })
}

/** Collects SSE frames of one stream in the background. */
function collect(response: Response) {
  const frames: string[] = []
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (ended) return
      buffer += value
      let end: number
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        frames.push(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
      }
    }
  })()
  const events = () =>
    frames
      .filter((f) => f.startsWith('id: '))
      .map((f) => {
        const [id, event, data] = f.split('\n')
        return {
          id: id!.slice(4),
          event: event!.slice(7),
          data: JSON.parse(data!.slice(6)) as { lineId: string; data: Record<string, unknown> },
        }
      })
  return { frames, events, stop: () => reader.cancel().then(() => done) }
}

async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('in-process: createMockService().fetch as the upstream', () => {
  function setup() {
    const mock = createMockService()
    const server = linekitFor((request) => mock.fetch(request), 'http://mock.linekit.local')
    const origin = 'http://app.local'
    mock.control.webhooks.create({ url: `${origin}/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    mock.control.webhooks.setSender(async (url, body) => {
      const response = await server.handle(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      return { status: response.status }
    })
    const as = (user: UserName) => browser((request) => server.handle(request), origin, user)
    return { mock, server, as }
  }

  it('a webhook from the mock reaches the SSE client of the line owner only', async () => {
    const { mock, server, as } = setup()
    const aliceStream = collect(await as('alice')('/events'))
    const bobStream = collect(await as('bob')('/events'))
    cleanups.push(aliceStream.stop, bobStream.stop)

    mock.control.injectInbound({ from: CALLER, message: 'for alice', lineId: MAIN })
    mock.control.calls.inbound({ lineId: MAIN, from: CALLER })
    mock.control.injectInbound({ from: CALLER, message: 'for bob', lineId: MESSAGING })
    await mock.control.webhooks.flush()
    await server.settled()

    await eventually(() => aliceStream.events().length >= 2 && bobStream.events().length >= 1)
    const alice = aliceStream.events()
    // deliveries are independent POSTs: no order between them is promised
    expect(alice.map((e) => e.event).sort()).toEqual(['audiocall.inbound.ringing', 'message'])
    expect(alice.find((e) => e.event === 'message')!.data).toMatchObject({
      lineId: MAIN,
      data: { message: 'for alice', direction: 'inbound' },
    })
    expect(alice.find((e) => e.event !== 'message')!.data).toMatchObject({
      lineId: MAIN,
      data: { pb_line_id: MAIN, from: CALLER },
    })
    const bob = bobStream.events()
    expect(bob.map((e) => e.data.data.message)).toEqual(['for bob'])
    expect(JSON.stringify(aliceStream.frames)).not.toContain('for bob')
  })

  it('a user sends on their line, cannot send on, list or read another user line', async () => {
    const { mock, as } = setup()
    const alice = as('alice')
    const sent = await alice('/send-api-message', { json: { phone: CALLER, message: 'hello from alice' } })
    expect(sent.status).toBe(200)
    const record = mock.control.events().find((e) => e.message?.content === 'hello from alice')
    expect(record?.message?.line_id).toBe(MAIN)

    expect(
      (await alice('/send-api-message', { json: { phone: CALLER, message: 'x', lineId: MESSAGING } })).status,
    ).toBe(403)
    expect((await alice(`/get-messages-api?pb_line_id=${MESSAGING}`)).status).toBe(403)

    const lines = await (await alice('/get-lines')).json()
    expect(lines.map((l: { lineId: string }) => l.lineId)).toEqual([MAIN])

    const mine = await (await alice('/get-messages-api?limit=100')).json()
    expect(mine.data.length).toBeGreaterThan(0)
    expect(new Set(mine.data.map((m: { line_id: string }) => m.line_id))).toEqual(new Set([MAIN]))

    const bobs = await (await as('bob')('/get-messages-api?limit=1')).json()
    const handle = bobs.data[0].message_handle as string
    expect((await as('bob')(`/get-message-api/${handle}`)).status).toBe(200)
    expect((await alice(`/get-message-api/${handle}`)).status).toBe(404)
  })

  it('mints a voice token for an allowed line and forwards the mint proxy non-JSON 502', async () => {
    const { mock, as } = setup()
    const alice = as('alice')
    const minted = await alice('/dialer/token', { json: { lineId: MAIN } })
    expect(minted.status).toBe(200)
    expect(await minted.json()).toMatchObject({ lineId: MAIN, ttlSeconds: 900, maxCallsPerToken: 10 })
    expect((await alice('/dialer/token', { json: { lineId: MESSAGING } })).status).toBe(403)

    mock.control.mintFault({ kind: 'proxy502' })
    const failed = await alice('/dialer/token', { json: { lineId: MAIN } })
    expect(failed.status).toBe(502)
    expect(failed.headers.get('content-type') ?? '').not.toContain('json')
  })

  it('answers a ringing call on the user line, and refuses another user call', async () => {
    const { mock, as } = setup()
    const call = mock.control.calls.inbound({ lineId: MAIN, from: CALLER })
    expect((await as('bob')('/answer-audiocall-call-api', { json: { call_uuid: call.call_uuid } })).status).toBe(404)
    const answered = await as('alice')('/answer-audiocall-call-api', { json: { call_uuid: call.call_uuid } })
    expect(answered.status).toBe(200)
    expect(await answered.json()).toMatchObject({ success: true, call_uuid: call.call_uuid })
  })
})

describe('over HTTP: the standalone mock and the Node adapter', () => {
  it('a webhook POSTed by the mock reaches an SSE client; responses never carry the key', async () => {
    const mock: MockServer = await startMockServer({ port: 0 })
    cleanups.push(() => mock.close())
    const server = linekitFor((request) => fetch(request), mock.url)
    const { origin, close } = await listenOverNode(server)
    cleanups.push(close)

    const created = await fetch(`${mock.url}/__mock/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${origin}/api/linekit/webhooks/${SECRET}`, audioCalls: true }),
    })
    expect(created.status).toBe(201)

    const alice = browser((request) => fetch(request), origin, 'alice')
    const controller = new AbortController()
    const stream = collect(await alice('/events', { signal: controller.signal }))
    cleanups.push(() => controller.abort())

    const injected = await fetch(`${mock.url}/__mock/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: CALLER, message: 'over the wire', lineId: MAIN }),
    })
    expect(injected.status).toBe(201)
    await eventually(() => stream.events().some((e) => e.data.data.message === 'over the wire'))
    expect(stream.events()[0]!.data.lineId).toBe(MAIN)

    const sent = await alice('/send-api-message', { json: { phone: CALLER, message: 'reply over http' } })
    expect(sent.status).toBe(200)
    // the outbound webhook comes back through the same route
    await eventually(() => stream.events().some((e) => e.data.data.message === 'reply over http'))
    expect(
      (await alice('/send-api-message', { json: { phone: CALLER, message: 'x', lineId: MESSAGING } })).status,
    ).toBe(403)
  })
})
