/**
 * The server learns a call's line and a line's number from fields the contract shows
 * (internal/learned.ts), never from the call-status answer's or the line object's unshown fields.
 */
import { describe, expect, it } from 'vitest'
import {
  LINE_A,
  LINE_B,
  LINE_C,
  NUMBER_A,
  NUMBER_B,
  NUMBER_C,
  accountLines,
  jsonResponse,
} from '../../test/support/server/fakeUpstream'
import { hook, messagePayload, recordBus, req, ringing, setup } from '../../test/support/server/setup'

// spec: call status — "response shape not shown": this one carries no pb_line_id.
const callStatus = () => jsonResponse({ call_uuid: 'c1', call_status: 'ringing' })
const answered = () => jsonResponse({ success: true, call_uuid: 'c1', rtc: null })

describe("a call's line", () => {
  it('is learned from the ringing webhook: its line may read and answer it, others get 404', async () => {
    const { server, upstream } = setup({
      'GET /get-audiocall-call-status-api': callStatus,
      'POST /answer-audiocall-call-api': answered,
      'POST /decline-audiocall-call-api': answered,
    })
    await server.handle(hook(ringing(LINE_B, 'c1')))
    await server.settled()
    const status = (user: string) =>
      server.handle(req('/api/linekit/get-audiocall-call-status-api?call_uuid=c1', { user }))
    const act = (user: string, path: string) =>
      server.handle(req(`/api/linekit/${path}`, { user, json: { call_uuid: 'c1' } }))

    expect((await status('alice')).status).toBe(404)
    expect((await act('alice', 'answer-audiocall-call-api')).status).toBe(404)
    expect((await act('alice', 'decline-audiocall-call-api')).status).toBe(404)
    expect(upstream.calls.filter((c) => c.url.pathname.includes('audiocall'))).toHaveLength(0)

    const bobStatus = await status('bob')
    expect(bobStatus.status).toBe(200)
    expect(await bobStatus.json()).toEqual({ call_uuid: 'c1', call_status: 'ringing' })
    expect((await act('bob', 'answer-audiocall-call-api')).status).toBe(200)
    expect(upstream.callsTo('POST', '/answer-audiocall-call-api')).toHaveLength(1)
  })

  it("is learned from the user's own call start", async () => {
    const { server, upstream } = setup({
      'POST /start-audiocall-call-api': () => jsonResponse({ status: 'OK', call_uuid: 'c9', rtc: null }),
      'POST /end-audiocall-call-api': () => jsonResponse({ success: true }),
      'GET /get-audiocall-call-status-api': callStatus,
    })
    const start = await server.handle(
      req('/api/linekit/start-audiocall-call-api', {
        user: 'alice',
        json: { phone_number: '+14155550999', pb_line_id: LINE_A },
      }),
    )
    expect(start.status).toBe(200)
    const end = (user: string) =>
      server.handle(req('/api/linekit/end-audiocall-call-api', { user, json: { call_uuid: 'c9' } }))
    expect((await end('bob')).status).toBe(404)
    expect((await end('alice')).status).toBe(200)
    expect(upstream.callsTo('POST', '/end-audiocall-call-api')).toHaveLength(1)
    expect(upstream.callsTo('GET', '/get-audiocall-call-status-api')).toHaveLength(0)
  })

  it('is unknown for a call the server never heard of: only a user of every line may act on it', async () => {
    const { server, upstream } = setup({ 'POST /answer-audiocall-call-api': answered })
    const answer = (user: string) =>
      server.handle(req('/api/linekit/answer-audiocall-call-api', { user, json: { call_uuid: 'c1' } }))
    expect((await answer('carol')).status).toBe(404)
    expect((await answer('admin')).status).toBe(200)
    expect(upstream.callsTo('POST', '/answer-audiocall-call-api')).toHaveLength(1)
  })
})

describe("a line's number", () => {
  it("is learned from a send answer's devicePhoneNumber for the line the send named", async () => {
    const { server, upstream } = setup({
      'POST /send-api-message': () =>
        jsonResponse({ success: true, status: 'done', phone: '+14155550999', devicePhoneNumber: NUMBER_C }),
    })
    const seen = recordBus(server.bus)
    await server.handle(
      req('/api/linekit/send-api-message', {
        user: 'admin',
        json: { phone: '+14155550999', message: 'x', lineId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' },
      }),
    )
    await server.handle(hook(messagePayload(NUMBER_C)))
    await server.settled()
    expect(seen[0]).toMatchObject({ type: 'message', lineId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' })
    // Known already: no line's latest message was read to learn it.
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(0)
  })

  it("is learned from a line's latest message when a webhook names an unknown number, once", async () => {
    const { server, upstream } = setup()
    const seen = recordBus(server.bus)
    await server.handle(hook(messagePayload(NUMBER_A, 1)))
    await server.handle(hook(messagePayload(NUMBER_A, 2)))
    await server.settled()
    expect(seen.map((e) => e.lineId)).toEqual([LINE_A, LINE_A])
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(1)
  })
})

describe('what does not prove a line number', () => {
  const conflict = 'ignored a learned number that conflicts with a known one'
  const sendAs = (server: ReturnType<typeof setup>['server'], lineId: string, path = 'send-api-message') =>
    server.handle(
      req(`/api/linekit/${path}`, {
        user: 'carol',
        json: { phone: '+14155550999', numbers: ['+14155550999', '+14155550998'], message: 'x', lineId },
      }),
    )
  /** The line a message webhook for `number` is published to. */
  const lineOfWebhook = async (server: ReturnType<typeof setup>['server'], number: string) => {
    const seen = recordBus(server.bus)
    await server.handle(hook(messagePayload(number)))
    await server.settled()
    return seen[0]?.lineId
  }

  it("a deduped replay's devicePhoneNumber (the earlier send's line) is not learned for the line the replay named", async () => {
    const { server } = setup({
      // spec: deduped — a replay answers with the earlier send's data (here line B's number).
      'POST /send-api-message': () =>
        jsonResponse({ success: true, status: 'done', deduped: true, devicePhoneNumber: NUMBER_B }),
    })
    expect((await sendAs(server, LINE_A)).status).toBe(200)
    // Unknown still: learned from B's latest message, as the contract shows it.
    expect(await lineOfWebhook(server, NUMBER_B)).toBe(LINE_B)
  })

  it('a number known for one line is never moved to another: the conflict is logged and ignored', async () => {
    let number = NUMBER_B
    const { server, logger } = setup({
      'POST /send-api-message': () => jsonResponse({ success: true, status: 'done', devicePhoneNumber: number }),
    })
    await sendAs(server, LINE_B)
    // A first-time answer that contradicts what is known (a misbehaving service, a proxy's cache).
    await sendAs(server, LINE_A)
    expect(logger.warn).toHaveBeenCalledWith(conflict, {
      number: NUMBER_B,
      knownLineId: LINE_B,
      ignoredLineId: LINE_A,
    })
    expect(await lineOfWebhook(server, NUMBER_B)).toBe(LINE_B)
    number = NUMBER_A
    await sendAs(server, LINE_A)
    expect(await lineOfWebhook(server, NUMBER_A)).toBe(LINE_A)
  })

  it('group-send answers teach nothing: a replay carries no marker, and a 409 names the line the group lives on', async () => {
    let status = 200
    const { server, upstream } = setup({
      'POST /send-group-message': () =>
        jsonResponse({ success: true, status: 'queued', devicePhoneNumber: NUMBER_B, groupId: 'pbg_1' }, status),
    })
    expect((await sendAs(server, LINE_A, 'send-group-message')).status).toBe(200)
    status = 409
    expect((await sendAs(server, LINE_A, 'send-group-message')).status).toBe(409)
    expect(await lineOfWebhook(server, NUMBER_B)).toBe(LINE_B)
    // It had to be learned from line B's latest message.
    expect(upstream.callsTo('GET', '/get-messages-api').length).toBeGreaterThan(0)
  })

  it("the lines listing's numbers, when it shows them, come before what answers taught", async () => {
    const { server, upstream, logger } = setup({
      'GET /get-lines': () =>
        jsonResponse(accountLines.map((line, i) => ({ ...line, phoneNumber: [NUMBER_A, NUMBER_B, NUMBER_C][i] }))),
      'POST /send-api-message': () => jsonResponse({ success: true, status: 'done', devicePhoneNumber: NUMBER_B }),
    })
    // Learned (wrongly) before the listing is read; the listing then corrects it.
    await sendAs(server, LINE_A)
    expect((await server.handle(req('/api/linekit/get-lines', { user: 'carol' }))).status).toBe(200)
    expect(logger.warn).toHaveBeenCalledWith(
      conflict,
      expect.objectContaining({ number: NUMBER_B, knownLineId: LINE_B }),
    )
    expect(await lineOfWebhook(server, NUMBER_B)).toBe(LINE_B)
    expect(await lineOfWebhook(server, NUMBER_C)).toBe(LINE_C)
    expect(upstream.callsTo('GET', '/get-messages-api')).toHaveLength(0)
  })

  it('a call known on one line is not moved by another answer naming it: the conflict is logged', async () => {
    const { server, logger } = setup({
      'POST /start-audiocall-call-api': () => jsonResponse({ status: 'OK', call_uuid: 'c1', rtc: null }),
      'POST /end-audiocall-call-api': () => jsonResponse({ success: true }),
    })
    await server.handle(hook(ringing(LINE_B, 'c1')))
    await server.settled()
    await server.handle(
      req('/api/linekit/start-audiocall-call-api', {
        user: 'alice',
        json: { phone_number: '+14155550999', pb_line_id: LINE_A },
      }),
    )
    expect(logger.warn).toHaveBeenCalledWith('ignored a learned call that conflicts with a known one', {
      call: 'c1',
      knownLineId: LINE_B,
      ignoredLineId: LINE_A,
    })
    const end = (user: string) =>
      server.handle(req('/api/linekit/end-audiocall-call-api', { user, json: { call_uuid: 'c1' } }))
    expect((await end('alice')).status).toBe(404)
    expect((await end('bob')).status).toBe(200)
  })
})

describe('idempotency keys', () => {
  const sendRoute = { 'POST /send-api-message': () => jsonResponse({ success: true, status: 'done' }) }
  const thanks = { phone: '+14155550999', message: 'Thanks!', lineId: LINE_A }
  const keyOf = (body: string) => (JSON.parse(body) as { idempotencyKey: string }).idempotencyKey

  it("keeps two app users' keyless sends of the same text to the same customer apart (both are sent)", async () => {
    const { server, upstream } = setup(sendRoute, { now: () => Date.parse('2026-01-01T10:00:00Z') })
    await server.handle(req('/api/linekit/send-api-message', { user: 'alice', json: thanks }))
    await server.handle(req('/api/linekit/send-api-message', { user: 'carol', json: thanks }))
    await server.handle(req('/api/linekit/send-api-message', { user: 'alice', json: thanks }))
    const [first, other, again] = upstream.callsTo('POST', '/send-api-message').map((c) => keyOf(c.body))
    expect(first).not.toBe(other)
    // One user's accidental double submit still dedupes at the service.
    expect(again).toBe(first)
  })

  it("namespaces a caller's own key per user, so another user cannot replay it", async () => {
    const { server, upstream } = setup(sendRoute)
    await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { ...thanks, idempotencyKey: 'k-1' } }),
    )
    await server.handle(
      req('/api/linekit/send-api-message', { user: 'carol', json: { ...thanks, idempotencyKey: 'k-1' } }),
    )
    await server.handle(
      req('/api/linekit/send-api-message', { user: 'alice', json: { ...thanks, idempotencyKey: 'k-1' } }),
    )
    const [alice, carol, retry] = upstream.callsTo('POST', '/send-api-message').map((c) => keyOf(c.body))
    expect(alice).toMatch(/^lku_[0-9a-f]{56}$/)
    expect(carol).not.toBe(alice)
    expect(retry).toBe(alice)
  })
})
