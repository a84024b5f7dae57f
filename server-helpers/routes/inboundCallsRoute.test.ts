import { describe, expect, it } from 'vitest'
import { inboundCallsResponseSchema } from '../../src/api/inboundCalls'
import { LINE_A, LINE_B, NUMBER_A } from '../../test/support/server/fakeUpstream'
import { hook, req, ringing, setup } from '../../test/support/server/setup'

const at = (minute: number) => `2026-01-01T00:0${minute}:00Z`

const ringingAt = (lineId: string, callUuid: string, minute: number) => ({
  ...ringing(lineId, callUuid, NUMBER_A),
  ringingAt: at(minute),
  receivedAt: at(minute),
})
const ended = (lineId: string, callUuid: string, minute: number, status: string, answeredAt: string | null) => ({
  event: 'audiocall.inbound.ended',
  call_uuid: callUuid,
  status,
  from: '+14155550999',
  pb_line_id: lineId,
  linePhoneNumber: NUMBER_A,
  answeredAt,
  endedAt: at(minute),
  receivedAt: at(minute),
})

/** A server that heard of three calls: two on line A (one missed, one answered), one on line B. */
async function withCalls(extra: Parameters<typeof setup>[1] = {}) {
  const backend = setup({}, extra)
  const { server } = backend
  await server.handle(hook(ringingAt(LINE_A, 'call-a1', 1)))
  await server.handle(hook(ended(LINE_A, 'call-a1', 2, 'no_answer', null)))
  await server.handle(hook(ringingAt(LINE_B, 'call-b1', 3)))
  await server.handle(hook(ringingAt(LINE_A, 'call-a2', 4)))
  await server.handle(hook(ended(LINE_A, 'call-a2', 6, 'ended', at(5))))
  await server.settled()
  return backend
}

const list = async (server: Awaited<ReturnType<typeof withCalls>>['server'], user: string | undefined, query = '') =>
  server.handle(req(`/api/linekit/calls/inbound${query}`, user === undefined ? {} : { user }))

describe('inbound calls route', () => {
  it("lists the user's inbound calls from the read model, newest first, in the schema's shape", async () => {
    const { server, upstream } = await withCalls()
    const response = await list(server, 'alice')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = inboundCallsResponseSchema.parse(await response.json())
    expect(body.data).toEqual([
      {
        call_uuid: 'call-a2',
        pb_line_id: LINE_A,
        from: '+14155550999',
        linePhoneNumber: NUMBER_A,
        state: 'ended',
        status: 'ended',
        ringingAt: at(4),
        answeredAt: at(5),
        endedAt: at(6),
      },
      {
        call_uuid: 'call-a1',
        pb_line_id: LINE_A,
        from: '+14155550999',
        linePhoneNumber: NUMBER_A,
        state: 'ended',
        status: 'no_answer',
        ringingAt: at(1),
        answeredAt: null,
        endedAt: at(2),
      },
    ])
    // Served from the model: the service is never asked.
    expect(upstream.calls.filter((c) => c.url.pathname.includes('call'))).toEqual([])
  })

  it("never shows another user's line: not in the list, and a lineId of it is 403 before anything is read", async () => {
    const { server } = await withCalls()
    const bob = inboundCallsResponseSchema.parse(await (await list(server, 'bob')).json())
    expect(bob.data.map((c) => c.call_uuid)).toEqual(['call-b1'])
    expect(bob.data[0]).toMatchObject({ state: 'ringing', status: null, endedAt: null })
    const refused = await list(server, 'alice', `?lineId=${LINE_B}`)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'line_not_allowed' })
    const carol = inboundCallsResponseSchema.parse(await (await list(server, 'carol', `?lineId=${LINE_B}`)).json())
    expect(carol.data.map((c) => c.call_uuid)).toEqual(['call-b1'])
    const carolAll = inboundCallsResponseSchema.parse(await (await list(server, 'carol')).json())
    expect(carolAll.data.map((c) => c.call_uuid)).toEqual(['call-a2', 'call-b1', 'call-a1'])
  })

  it('accepts a line id in any case, as the proxied reads do', async () => {
    const { server } = await withCalls()
    const body = inboundCallsResponseSchema.parse(
      await (await list(server, 'alice', `?lineId=${LINE_A.toUpperCase()}`)).json(),
    )
    expect(body.data.map((c) => c.call_uuid)).toEqual(['call-a2', 'call-a1'])
  })

  it('honours limit, and refuses bad or repeated parameters with the messaging error body', async () => {
    const { server } = await withCalls()
    const one = inboundCallsResponseSchema.parse(await (await list(server, 'alice', '?limit=1')).json())
    expect(one.data.map((c) => c.call_uuid)).toEqual(['call-a2'])
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?lineId=nope', '?limit=1&limit=2']) {
      const response = await list(server, 'alice', query)
      expect(response.status, query).toBe(400)
      expect(await response.json(), query).toMatchObject({
        code: 'invalid_request',
        error: expect.any(String),
        hint: expect.any(String),
      })
    }
  })

  it('needs a signed-in user and a GET', async () => {
    const { server } = await withCalls()
    expect((await list(server, undefined)).status).toBe(401)
    const post = await server.handle(req('/api/linekit/calls/inbound', { user: 'alice', method: 'POST' }))
    expect(post.status).toBe(405)
  })

  it('is 404 with a hint when the server keeps no read model', async () => {
    const { server } = await withCalls({ readModel: false })
    const response = await list(server, 'alice')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ code: 'not_found', hint: expect.stringContaining('readModel') })
  })
})
