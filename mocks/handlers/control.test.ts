// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { accountKinds, seedKeys, seedLines } from 'linekit/mocks'
import { expectError, setup, T0 } from '../../test/support/mockHarness'

describe('control API (/__mock/*)', () => {
  it('reset restores the seed', async () => {
    const { post, get } = setup()
    await post('/send-api-message', { phone: '+14155550178', message: 'x' })
    await post('/__mock/accounts', { kind: 'trial' }, null)
    expect((await get('/get-messages-api')).body.pagination.total).toBe(10)
    expect((await post('/__mock/reset', {}, null)).status).toBe(200)
    expect((await get('/get-messages-api')).body.pagination.total).toBe(9)
    expect((await get('/__mock/accounts', null)).body.accounts).toHaveLength(accountKinds.length)
  })

  it('reset returns to the seed clock included: the start time, seeded history at it, no pending work', async () => {
    const { post, get, mock } = setup()
    const seededTimes = (await get('/get-messages-api')).body.data.map((m: { created_at: string }) => m.created_at)
    await post('/__mock/settings', { sendProcessingMs: 60_000 }, null)
    expect((await post('/send-api-message', { phone: '+14155550178', message: 'later' })).body.status).toBe(
      'processing',
    )
    await post('/__mock/clock/advance', { ms: 3_600_000 }, null)
    await post('/__mock/clock', { now: '2027-06-01T00:00:00Z' }, null)
    const reset = await post('/__mock/reset', {}, null)
    expect(reset.body.now).toBe(T0)
    expect((await get('/__mock/clock', null)).body.now).toBe(T0)
    const list = (await get('/get-messages-api')).body
    expect(list.pagination.total).toBe(9)
    expect(list.data.map((m: { created_at: string }) => m.created_at)).toEqual(seededTimes)
    // Only the midnight timer of the dialer minutes is pending, armed from the rewound time.
    expect(mock.clock.pendingTimers()).toBe(1)
    expect(mock.clock.nextDueAt()).toBe(Date.parse('2026-03-03T00:00:00Z'))
    // Time moves again from there.
    await post('/__mock/clock/advance', { ms: 1_000 }, null)
    expect((await get('/__mock/clock', null)).body.now).toBe('2026-03-02T12:00:01.000Z')
  })

  it('creates an account of every kind with a working key, lines and flows', async () => {
    const { post, get } = setup({ rateLimit: false })
    for (const kind of accountKinds) {
      const created = await post('/__mock/accounts', { kind }, null)
      expect(created.status).toBe(201)
      expect(created.body.kind).toBe(kind)
      const key = created.body.apiKeys[0].key
      expect(created.body.lines.length).toBeGreaterThan(0)
      const lines = (await get('/get-lines', key)).body
      if (kind === 'trial') expect(lines.trial).toBe(true)
      else
        expect(lines.map((l: { lineId: string }) => l.lineId)).toEqual(
          created.body.lines.map((l: { lineId: string }) => l.lineId),
        )
    }
    const prod = (await post('/__mock/accounts', { kind: 'production' }, null)).body
    expect(
      prod.lines.some(
        (l: { audioCallEnabled: boolean; inboundNumber: string | null }) => l.audioCallEnabled && l.inboundNumber,
      ),
    ).toBe(true)
    expect(prod.flows.map((f: { firstStep: string; published: boolean }) => `${f.firstStep}:${f.published}`)).toEqual([
      'wait:true',
      'question:true',
      'action:true',
      'action:false',
    ])
    expect(prod.features).toEqual({ audioCall: true, dialerAddon: true, crmConnected: false })
    expectError(await post('/__mock/accounts', { kind: 'gold' }, null), 400)
  })

  it('reads, advances and sets the clock', async () => {
    const { post, get } = setup()
    expect((await get('/__mock/clock', null)).body.now).toBe(T0)
    expect((await post('/__mock/clock/advance', { ms: 90_000 }, null)).body.now).toBe('2026-03-02T12:01:30.000Z')
    expect((await post('/__mock/clock', { now: '2026-03-03T00:00:00Z' }, null)).body.now).toBe(
      '2026-03-03T00:00:00.000Z',
    )
    expectError(await post('/__mock/clock/advance', { ms: -5 }, null), 400)
    expectError(await post('/__mock/clock/advance', 'not json', null), 400)
  })

  it('marks numbers reachable, opted out or blocked', async () => {
    const { post } = setup()
    const r = await post('/__mock/numbers', { phone: '415 555 0171', reachable: true, optedOut: true }, null)
    expect(r.body).toEqual({ phone: '+14155550171', reachable: true, optedOut: true, blocked: false })
    expect((await post('/api-check-native-availability', { phone: '+14155550171' })).body.available).toBe(true)
    expectError(await post('/__mock/numbers', { phone: 'x' }, null), 400)
  })

  it('injects inbound messages (1:1 and RCS) into the list', async () => {
    const { post, get } = setup()
    const r = await post(
      '/__mock/inbound',
      { from: '+14155550175', message: 'hello from RCS', service: 'RCS', lineId: seedLines.shared.lineId },
      null,
    )
    expect(r.status).toBe(201)
    expect(r.body.message).toMatchObject({
      direction: 'inbound',
      service: 'RCS',
      from_number: '+14155550175',
      to_number: seedLines.shared.phoneNumber,
    })
    const sms = await post('/__mock/inbound', { apiKey: seedKeys.crm, from: '+14155550175', message: 'to crm' }, null)
    expect(sms.body.message.service).toBe('SMS')
    expect((await get('/get-messages-api?service=RCS')).body.pagination.total).toBe(2)
    expect((await get('/get-messages-api', seedKeys.crm)).body.data[0].content).toBe('to crm')
    expectError(await post('/__mock/inbound', { from: '+14155550175', groupId: 'pbg_nope' }, null), 404)
  })

  it('injects faults for the next N requests to a path, JSON or not', async () => {
    const { post, get } = setup()
    expect((await post('/__mock/faults', { path: '/get-lines', status: 503, count: 2 }, null)).status).toBe(201)
    expect((await get('/__mock/faults', null)).body.faults).toHaveLength(1)
    expectError(await get('/get-lines'), 503)
    expect((await get('/get-effects')).status).toBe(200) // other paths unaffected
    expectError(await get('/get-lines'), 503)
    expect((await get('/get-lines')).status).toBe(200)
    await post('/__mock/faults', { path: '/send-api-message', status: 502, text: '<html>Bad gateway</html>' }, null)
    const html = await post('/send-api-message', { phone: '+14155550178', message: 'x' })
    expect(html.status).toBe(502)
    expect(html.body).toBe('<html>Bad gateway</html>')
    await post('/__mock/faults', { path: '/get-message-api/:message_handle', status: 500 }, null)
    expectError(await get('/get-message-api/pbm_x'), 500)
    await post('/__mock/faults', { path: '*', status: 500, count: 5 }, null)
    expect((await fetchDelete(setup)).status).toBe(200)
  })

  it('settings: latency, processing and creating durations; invalid settings → 400', async () => {
    const { post, get, call } = setup()
    const s = await call('PATCH', '/__mock/settings', { latencyMs: 60, groupCreatingMs: 0 }, null)
    expect(s.body).toMatchObject({ latencyMs: 60, groupCreatingMs: 0, sendProcessingMs: 0, rateLimitPerMinute: 60 })
    const started = performance.now()
    expect((await get('/get-effects')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(50)
    expect(
      (await post('/send-group-message', { numbers: ['+14155550180', '+14155550182'], message: 'x' })).body.groupStatus,
    ).toBe('active')
    expectError(await call('PATCH', '/__mock/settings', { latencyMs: 'slow' }, null), 400)
    expectError(await call('PATCH', '/__mock/settings', { unknown: 1 }, null), 400)
    expect((await get('/__mock/settings', null)).body.latencyMs).toBe(60)
  })

  it('lists message events for every inbound and outbound message', async () => {
    const { post, get } = setup()
    await post('/send-api-message', { phone: '+14155550178', message: 'out' })
    await post('/__mock/inbound', { from: '+14155550178', message: 'in' }, null)
    const events = (await get('/__mock/events', null)).body.events
    expect(events.map((e: { type: string; message: { content: string } }) => `${e.type}:${e.message.content}`)).toEqual(
      ['message.outbound:out', 'message.inbound:in'],
    )
  })

  it('unknown control paths are 404 with the error body', async () => {
    const { get } = setup()
    expectError(await get('/__mock/nothing', null), 404, 'not_found')
  })
})

async function fetchDelete(make: typeof setup) {
  // A fresh instance: DELETE /__mock/faults disarms everything.
  const { call, get, post } = make()
  await post('/__mock/faults', { path: '*', status: 500, count: 5 }, null)
  expectError(await get('/get-effects'), 500)
  await call('DELETE', '/__mock/faults', undefined, null)
  return get('/get-effects')
}
