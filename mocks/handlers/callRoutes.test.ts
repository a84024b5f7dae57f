/**
 * Audio calls and their webhooks over HTTP, through `createMockService().fetch` and the
 * `/__mock/*` control API (the same requests a backend or an end-to-end test would make).
 */
import { describe, expect, it } from 'vitest'
import {
  answerCallResponseSchema,
  audioCallEventSchema,
  callStatusResponseSchema,
  inboundCallsResponseSchema,
  messagingErrorBodySchema,
  startCallResponseSchema,
} from '../../src/api'
import { createMockClock, createMockService, seedKeys, seedLines } from '../index'

function setup() {
  const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
  const posted: Array<{ url: string; body: Record<string, unknown> }> = []
  const mock = createMockService({
    clock,
    webhookSender: async (url, body) => {
      posted.push({ url, body: body as Record<string, unknown> })
      return { status: 200 }
    },
  })
  const call = async (method: string, path: string, body?: unknown, key: string | null = seedKeys.production) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (key !== null) headers.authorization = `Bearer ${key}`
    const response = await mock.fetch(`http://api.mock.test${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: response.status, body: json as Record<string, unknown>, headers: response.headers }
  }
  const ring = async (extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/__mock/calls/inbound', { from: '+1 415 555 0199', ...extra }, null)
    expect(res.status).toBe(201)
    return (res.body.call as { call_uuid: string }).call_uuid
  }
  return { mock, clock, call, ring, posted }
}

describe('audio calls over HTTP', () => {
  it('start → 200 with rtc; status; end', async () => {
    const { call } = setup()
    const start = await call('POST', '/start-audiocall-call-api', {
      pb_line_id: seedLines.main.lineId,
      phone_number: '(415) 555-0150',
    })
    expect(start.status).toBe(200)
    expect(startCallResponseSchema.safeParse(start.body).success).toBe(true)
    const uuid = start.body.call_uuid as string
    const status = await call('GET', `/get-audiocall-call-status-api?call_uuid=${uuid}`)
    expect(callStatusResponseSchema.safeParse(status.body).success).toBe(true)
    expect(status.body.call_status).toBe('ringing')
    expect(await call('POST', '/end-audiocall-call-api', { call_uuid: uuid })).toMatchObject({
      status: 200,
      body: { success: true, call_uuid: uuid },
    })
    expect((await call('GET', `/get-audiocall-call-status-api?call_uuid=${uuid}`)).body.call_status).toBe('ended')
    expect((await call('POST', '/end-audiocall-call-api', { call_uuid: uuid })).status).toBe(409)
  })

  it('rtc: null when the control API says the device returned none', async () => {
    const { call } = setup()
    expect((await call('POST', '/__mock/calls/settings', { outboundRtc: false }, null)).body).toMatchObject({
      outboundRtc: false,
    })
    const start = await call('POST', '/start-audiocall-call-api', {
      pb_line_id: seedLines.main.lineId,
      phone_number: '+14155550150',
    })
    expect(start.body.rtc).toBeNull()
  })

  it('401 without a key, 403 AUDIOCALL_NOT_ENABLED without the feature, 400 for bad bodies', async () => {
    const { call } = setup()
    const body = { pb_line_id: seedLines.main.lineId, phone_number: '+14155550150' }
    expect((await call('POST', '/start-audiocall-call-api', body, null)).status).toBe(401)
    expect((await call('POST', '/start-audiocall-call-api', body, 'wrong')).status).toBe(401)
    for (const [method, path] of [
      ['POST', '/start-audiocall-call-api'],
      ['POST', '/answer-audiocall-call-api'],
      ['POST', '/decline-audiocall-call-api'],
      ['POST', '/end-audiocall-call-api'],
      ['GET', '/get-audiocall-call-status-api?call_uuid=x'],
    ] as const) {
      const res = await call(method, path, method === 'POST' ? { call_uuid: 'x' } : undefined, seedKeys.noAudio)
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('AUDIOCALL_NOT_ENABLED')
    }
    for (const bad of [{}, { call_uuid: '' }, { call_uuid: '   ' }, { call_uuid: '\t\n' }, { call_uuid: 5 }]) {
      for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api']) {
        const res = await call('POST', path, bad)
        expect(res.status, `${path} ${JSON.stringify(bad)}`).toBe(400)
        expect(messagingErrorBodySchema.safeParse(res.body).success).toBe(true)
      }
    }
    expect((await call('POST', '/decline-audiocall-call-api', {})).status).toBe(400)
    expect((await call('GET', '/get-audiocall-call-status-api')).status).toBe(400)
    expect(
      (await call('POST', '/start-audiocall-call-api', { pb_line_id: 'nope', phone_number: '+14155550150' })).status,
    ).toBe(400)
    expect(
      (
        await call('POST', '/start-audiocall-call-api', {
          pb_line_id: seedLines.messaging.lineId,
          phone_number: '+14155550150',
        })
      ).status,
    ).toBe(400)
  })

  it('inbound: ring → answer (200 with rtc) → 409 on a second answer; 404 unknown', async () => {
    const { call, ring } = setup()
    const uuid = await ring()
    expect((await call('GET', `/get-audiocall-call-status-api?call_uuid=${uuid}`)).body).toMatchObject({
      call_status: 'ringing',
      direction: 'inbound',
    })
    const answer = await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })
    expect(answer.status).toBe(200)
    expect(answerCallResponseSchema.safeParse(answer.body).success).toBe(true)
    expect(answer.body.rtc).not.toBeNull()
    expect((await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })).status).toBe(409)
    expect((await call('POST', '/decline-audiocall-call-api', { call_uuid: uuid })).status).toBe(409)
    expect((await call('POST', '/answer-audiocall-call-api', { call_uuid: 'unknown' })).status).toBe(404)
    expect((await call('POST', '/decline-audiocall-call-api', { call_uuid: 'unknown' })).status).toBe(404)
  })

  it('answer returns the credentials stored at ringing, or null', async () => {
    const { call, ring } = setup()
    const none = await ring({ ringingRtc: false, answerRtc: false })
    expect((await call('POST', '/answer-audiocall-call-api', { call_uuid: none })).body).toEqual({
      success: true,
      call_uuid: none,
      rtc: null,
    })
  })

  it('answered elsewhere, caller hang-up then decline, and terminal states through the control API', async () => {
    const { call, ring } = setup()
    const a = await ring()
    expect((await call('POST', `/__mock/calls/${a}/answer-elsewhere`, undefined, null)).body).toMatchObject({
      call: { call_status: 'answered' },
    })
    expect((await call('POST', '/answer-audiocall-call-api', { call_uuid: a })).status).toBe(409)
    expect((await call('POST', `/__mock/calls/${a}/end`, undefined, null)).body).toMatchObject({
      call: { call_status: 'ended' },
    })

    const b = await ring()
    await call('POST', `/__mock/calls/${b}/caller-hangup`, undefined, null)
    expect(await call('POST', '/decline-audiocall-call-api', { call_uuid: b })).toMatchObject({
      status: 200,
      body: { success: true },
    })

    const c = await ring()
    expect((await call('POST', `/__mock/calls/${c}/end`, { status: 'voicemail' }, null)).body).toMatchObject({
      call: { call_status: 'voicemail' },
    })
    expect((await call('POST', `/__mock/calls/${c}/end`, { status: 'voicemail' }, null)).status).toBe(409)
    expect((await call('POST', `/__mock/calls/${c}/end`, { status: 'exploded' }, null)).status).toBe(400)
    expect((await call('POST', '/__mock/calls/nope/end', undefined, null)).status).toBe(404)
  })

  it('a device fault with status 200 refuses the answer or the decline (success: false); the call keeps ringing', async () => {
    const { call, ring } = setup()
    const uuid = await ring()
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api']) {
      await call('POST', '/__mock/faults', { path, mode: 'device', status: 200 }, null)
      const refused = await call('POST', path, { call_uuid: uuid })
      expect(refused.status).toBe(200)
      expect(refused.body).toMatchObject({ success: false, call_uuid: uuid })
      expect((await call('GET', `/get-audiocall-call-status-api?call_uuid=${uuid}`)).body.call_status).toBe('ringing')
    }
    expect(
      answerCallResponseSchema.safeParse((await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })).body),
    ).toMatchObject({ success: true, data: { success: true } })
  })

  it('device faults → 502, device unreachable → 503 (fault injection), and plain HTTP faults', async () => {
    const { call, ring } = setup()
    const uuid = await ring()
    await call('POST', '/__mock/faults', { path: '/answer-audiocall-call-api', mode: 'device', status: 502 }, null)
    await call('POST', '/__mock/faults', { path: '/answer-audiocall-call-api', mode: 'device', status: 503 }, null)
    expect(await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })).toMatchObject({
      status: 502,
      body: { code: 'device_error' },
    })
    expect(await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })).toMatchObject({
      status: 503,
      body: { code: 'device_unreachable' },
    })
    expect((await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })).status).toBe(200)
    await call('POST', '/__mock/faults', { path: '/start-audiocall-call-api', status: 503 }, null)
    expect(
      (
        await call('POST', '/start-audiocall-call-api', {
          pb_line_id: seedLines.main.lineId,
          phone_number: '+14155550150',
        })
      ).status,
    ).toBe(503)
  })

  it('webhooks: ringing once (repeated signal), answered, ended — only with the audio-call box, listed with outcomes', async () => {
    const { call, ring, posted } = setup()
    const off = await call('POST', '/__mock/webhooks', { url: 'https://hooks.example.test/messages' }, null)
    expect(off.status).toBe(201)
    expect(off.body.webhook).toMatchObject({
      audioCalls: false,
      inbound: true,
      outbound: true,
      crm: false,
      enabled: true,
    })
    await call(
      'POST',
      '/__mock/webhooks',
      { url: 'https://hooks.example.test/calls', audioCalls: true, inbound: false, outbound: false },
      null,
    )
    const uuid = await ring()
    await call('POST', `/__mock/calls/${uuid}/ring`, undefined, null)
    await call('POST', `/__mock/calls/${uuid}/ring`, undefined, null)
    await call('POST', '/answer-audiocall-call-api', { call_uuid: uuid })
    await call('POST', `/__mock/calls/${uuid}/end`, { status: 'ended' }, null)
    const deliveries = await call('GET', '/__mock/webhooks/deliveries', undefined, null)
    const list = deliveries.body.deliveries as Array<{ event: string; url: string; outcome: string; payload: unknown }>
    // The URL's last segment is masked (it is where a receiver keeps its secret).
    expect(list.map((d) => [d.url, d.event, d.outcome])).toEqual([
      ['https://hooks.example.test/***', 'audiocall.inbound.ringing', 'success'],
      ['https://hooks.example.test/***', 'audiocall.inbound.answered', 'success'],
      ['https://hooks.example.test/***', 'audiocall.inbound.ended', 'success'],
    ])
    for (const d of list) expect(audioCallEventSchema.safeParse(d.payload).success).toBe(true)
    expect(posted).toHaveLength(3)
  })

  it("the control API never shows a webhook's secret: path segment, credentials and query masked everywhere", async () => {
    const { call, posted } = setup()
    const secret = 'whsec_Q2hhbmdlTWU0MjQyNDI0'
    const url = `https://app.example.test/api/linekit/webhooks/${secret}?token=tok_${secret}#frag_${secret}`
    const withUser = `https://hook:pw_${secret}@app.example.test/hooks/in/`
    const created = await call('POST', '/__mock/webhooks', { url }, null)
    expect(created.status).toBe(201)
    const id = (created.body.webhook as { id: string }).id
    await call('POST', '/__mock/webhooks', { url: withUser }, null)
    await call('POST', '/__mock/inbound', { from: '+14155550124', message: 'hello' }, null)
    const answers = [
      created,
      await call('GET', '/__mock/webhooks', undefined, null),
      await call('GET', '/__mock/webhooks/deliveries', undefined, null),
      await call('POST', `/__mock/webhooks/${id}/test`, undefined, null),
    ]
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret)
    const listed = answers[1]!.body.webhooks as { url: string }[]
    expect(listed.map((w) => w.url)).toEqual([
      'https://app.example.test/api/linekit/webhooks/***?token=***#***',
      'https://***:***@app.example.test/hooks/***/',
    ])
    // The deliveries themselves still go to the real URL.
    expect(posted.map((p) => p.url)).toContain(new URL(url).toString())
  })

  it('message webhooks for sends and injected inbound messages; state and deliveries through the control API', async () => {
    const { call, posted } = setup()
    const created = await call('POST', '/__mock/webhooks', { url: 'https://hooks.example.test/m' }, null)
    const id = (created.body.webhook as { id: string }).id
    await call('POST', '/send-api-message', { phone: '+14155550124', message: 'hi', lineId: seedLines.main.lineId })
    await call('POST', '/__mock/inbound', { from: '+14155550124', message: 'hello back' }, null)
    const deliveries = (await call('GET', `/__mock/webhooks/deliveries?webhookId=${id}`, undefined, null)).body
      .deliveries as Array<{ event: string }>
    expect(deliveries.map((d) => d.event)).toEqual(['message.outbound', 'message.inbound'])
    expect(posted.map((p) => p.body.direction)).toEqual(['outbound', 'inbound'])
    const webhooks = (await call('GET', '/__mock/webhooks', undefined, null)).body.webhooks as Array<
      Record<string, unknown>
    >
    expect(webhooks[0]).toMatchObject({ id, enabled: true, consecutiveFailures: 0, deliveryCount: 2 })
    expect((await call('POST', `/__mock/webhooks/${id}/test`, undefined, null)).body).toMatchObject({
      delivery: { event: 'test', outcome: 'success' },
    })
    expect((await call('DELETE', `/__mock/webhooks/${id}`, undefined, null)).status).toBe(200)
    expect((await call('DELETE', `/__mock/webhooks/${id}`, undefined, null)).status).toBe(404)
    expect((await call('POST', '/__mock/webhooks', { url: 'not a url' }, null)).status).toBe(400)
    expect((await call('POST', '/__mock/webhooks', { url: 'https://x.test', surprise: 1 }, null)).status).toBe(400)
  })

  it('reset drops calls and webhooks', async () => {
    const { call, ring } = setup()
    await ring()
    await call('POST', '/__mock/webhooks', { url: 'https://hooks.example.test/m' }, null)
    await call('POST', '/__mock/reset', undefined, null)
    expect((await call('GET', '/__mock/calls', undefined, null)).body.calls).toEqual([])
    expect((await call('GET', '/__mock/webhooks', undefined, null)).body.webhooks).toEqual([])
  })
})

describe("GET /calls/inbound (linekit/server's inbound call history, served by the mock too)", () => {
  it("lists the account's inbound calls newest first in the route's shape, by line, within limit", async () => {
    const { call, ring, clock } = setup()
    const first = await ring()
    await call('POST', `/__mock/calls/${first}/end`, { status: 'no_answer' }, null)
    clock.advance(60_000)
    const second = await ring()
    const list = await call('GET', '/calls/inbound')
    expect(list.status).toBe(200)
    const body = inboundCallsResponseSchema.parse(list.body)
    expect(body.data.map((c) => [c.call_uuid, c.state, c.status])).toEqual([
      [second, 'ringing', null],
      [first, 'ended', 'no_answer'],
    ])
    expect(body.data[0]).toMatchObject({ from: '+14155550199', pb_line_id: seedLines.main.lineId, endedAt: null })
    const limited = inboundCallsResponseSchema.parse((await call('GET', '/calls/inbound?limit=1')).body)
    expect(limited.data.map((c) => c.call_uuid)).toEqual([second])
    const other = await call('GET', `/calls/inbound?lineId=${seedLines.messaging.lineId}`)
    expect(inboundCallsResponseSchema.parse(other.body).data).toEqual([])
  })

  it("another account sees none of them; bad input and another account's line are refused", async () => {
    const { call, ring } = setup()
    await ring()
    const crm = await call('GET', '/calls/inbound', undefined, seedKeys.crm)
    expect(crm.status).toBe(200)
    expect(inboundCallsResponseSchema.parse(crm.body).data).toEqual([])
    const trial = await call('GET', '/calls/inbound', undefined, seedKeys.trial)
    expect(trial.status).toBe(200)
    expect(inboundCallsResponseSchema.parse(trial.body).data).toEqual([])
    const foreign = await call('GET', `/calls/inbound?lineId=${seedLines.main.lineId}`, undefined, seedKeys.crm)
    expect(foreign.status).toBe(403)
    const bad = await call('GET', '/calls/inbound?limit=500')
    expect(bad.status).toBe(400)
    expect(messagingErrorBodySchema.safeParse(bad.body).success).toBe(true)
    expect((await call('GET', '/calls/inbound', undefined, null)).status).toBe(401)
  })
})
