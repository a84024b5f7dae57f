/**
 * Call-status reads cost the key's budget per call, not per browser polling it (callStatus.ts),
 * and stay within the lines of the user reading them.
 */
import { describe, expect, it } from 'vitest'
import { LINE_A, LINE_B, NUMBER_B, jsonResponse } from '../../test/support/server/fakeUpstream'
import { hook, req, ringing, setup } from '../../test/support/server/setup'

const STATUS = '/get-audiocall-call-status-api'

const ended = (lineId: string, callUuid: string, status = 'no_answer') => ({
  event: 'audiocall.inbound.ended',
  call_uuid: callUuid,
  status,
  from: '+14155550999',
  pb_line_id: lineId,
  linePhoneNumber: NUMBER_B,
  answeredAt: null,
  endedAt: '2026-01-01T00:00:30Z',
  receivedAt: '2026-01-01T00:00:30Z',
})

const answeredEvent = (lineId: string, callUuid: string) => ({
  event: 'audiocall.inbound.answered',
  call_uuid: callUuid,
  from: '+14155550999',
  pb_line_id: lineId,
  linePhoneNumber: NUMBER_B,
  answeredAt: '2026-01-01T00:00:10Z',
  receivedAt: '2026-01-01T00:00:10Z',
})

/** A server whose upstream says `callStatus.value` for every call, on a clock the test moves. */
function withClock(extra: Parameters<typeof setup>[1] = {}) {
  const clock = { t: Date.parse('2026-01-01T00:00:00Z') }
  const callStatus = { value: 'ringing' }
  const ctx = setup(
    {
      'POST /start-audiocall-call-api': () => jsonResponse({ status: 'OK', call_uuid: 'out-1', rtc: null }),
      'POST /end-audiocall-call-api': () => jsonResponse({ success: true, call_uuid: 'in-2' }),
      [`GET ${STATUS}`]: (call) =>
        jsonResponse({ call_uuid: call.url.searchParams.get('call_uuid'), call_status: callStatus.value }),
    },
    { now: () => clock.t, ...extra },
  )
  const read = (user: string, callUuid: string) =>
    ctx.server.handle(req(`/api/linekit${STATUS}?call_uuid=${callUuid}`, { user }))
  return { ...ctx, clock, callStatus, read }
}

describe('call-status reads', () => {
  it('N pollers of one call share one upstream answer per max age: upstream reads do not grow with pollers', async () => {
    const { server, upstream, clock, callStatus, read } = withClock()
    const start = await server.handle(
      req('/api/linekit/start-audiocall-call-api', {
        user: 'alice',
        json: { phone_number: '+14155550999', pb_line_id: LINE_A },
      }),
    )
    expect(start.status).toBe(200)

    // Five pollers (three users of line A) every 2 s for 12 s, one after another within a tick.
    const pollers = ['alice', 'alice', 'carol', 'admin', 'carol']
    const seen: string[] = []
    for (let tick = 0; tick <= 6; tick += 1) {
      if (tick === 2) callStatus.value = 'answered'
      for (const user of pollers) {
        const response = await read(user, 'out-1')
        expect(response.status).toBe(200)
        seen.push(((await response.json()) as { call_status: string }).call_status)
      }
      clock.t += 2000
    }
    // 35 reads over 12 s with the default 5 s max age: reads at 0 s, 6 s and 12 s.
    expect(upstream.callsTo('GET', STATUS)).toHaveLength(3)
    // A change upstream reaches every poller within the max age (here at the 6 s read).
    expect(seen.slice(0, 15).every((s) => s === 'ringing')).toBe(true)
    expect(seen.slice(15).every((s) => s === 'answered')).toBe(true)
  })

  it("answers an inbound call whose end the model knows from the ended webhook, without the service, in the user's lines only", async () => {
    const { server, upstream, read } = withClock()
    await server.handle(hook(ringing(LINE_B, 'in-1')))
    await server.handle(hook(ended(LINE_B, 'in-1', 'no_answer')))
    await server.settled()

    const bob = await read('bob', 'in-1')
    expect(bob.status).toBe(200)
    expect(await bob.json()).toMatchObject({ call_uuid: 'in-1', call_status: 'no_answer' })
    // Another user's call: not found, and nothing of it shown.
    const alice = await read('alice', 'in-1')
    expect(alice.status).toBe(404)
    expect(await alice.text()).not.toContain('no_answer')
    expect(upstream.callsTo('GET', STATUS)).toHaveLength(0)
  })

  it("keeps a kept answer within the call's lines: another tenant's read is refused, the owners share it", async () => {
    const { server, upstream, read } = withClock()
    await server.handle(
      req('/api/linekit/start-audiocall-call-api', {
        user: 'alice',
        json: { phone_number: '+14155550999', pb_line_id: LINE_A },
      }),
    )
    expect((await read('alice', 'out-1')).status).toBe(200)
    const bob = await read('bob', 'out-1')
    expect(bob.status).toBe(404)
    expect(await bob.text()).not.toContain('ringing')
    const carol = await read('carol', 'out-1')
    expect(await carol.json()).toMatchObject({ call_uuid: 'out-1', call_status: 'ringing' })
    expect(upstream.callsTo('GET', STATUS)).toHaveLength(1)
  })

  it('asks the service again once an audio-call event or the user ends the call (no stale kept answer)', async () => {
    // Without the read model the kept answer is all there is.
    const { server, upstream, callStatus, read } = withClock({ readModel: false })
    await server.handle(hook(ringing(LINE_B, 'in-2')))
    await server.settled()
    expect(await (await read('bob', 'in-2')).json()).toMatchObject({ call_status: 'ringing' })
    callStatus.value = 'answered'
    await server.handle(hook(answeredEvent(LINE_B, 'in-2')))
    await server.settled()
    expect(await (await read('bob', 'in-2')).json()).toMatchObject({ call_status: 'answered' })
    callStatus.value = 'ended'
    const end = await server.handle(
      req('/api/linekit/end-audiocall-call-api', { user: 'bob', json: { call_uuid: 'in-2' } }),
    )
    expect(end.status).toBe(200)
    expect(await (await read('bob', 'in-2')).json()).toMatchObject({ call_status: 'ended' })
    expect(upstream.callsTo('GET', STATUS)).toHaveLength(3)
  })

  it('does not keep a refusal: after a 500 the next read asks the service', async () => {
    let refuse = true
    const { server, upstream } = setup({
      'POST /start-audiocall-call-api': () => jsonResponse({ status: 'OK', call_uuid: 'out-1', rtc: null }),
      [`GET ${STATUS}`]: () =>
        refuse
          ? jsonResponse({ error: 'Internal error' }, 500)
          : jsonResponse({ call_uuid: 'out-1', call_status: 'ringing' }),
    })
    await server.handle(
      req('/api/linekit/start-audiocall-call-api', {
        user: 'alice',
        json: { phone_number: '+14155550999', pb_line_id: LINE_A },
      }),
    )
    const read = () => server.handle(req(`/api/linekit${STATUS}?call_uuid=out-1`, { user: 'alice' }))
    expect((await read()).status).toBe(500)
    refuse = false
    expect((await read()).status).toBe(200)
    expect(upstream.callsTo('GET', STATUS)).toHaveLength(2)
  })
})
