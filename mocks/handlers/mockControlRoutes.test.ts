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

  it('injects a fault on an endpoint named by its id: its method and path, from the registry', async () => {
    const { post, get } = setup()
    expect((await post('/__mock/faults', { endpoint: 'getMessages', status: 503 }, null)).status).toBe(201)
    expect((await get('/__mock/faults', null)).body.faults).toMatchObject([
      { path: '/get-messages-api', method: 'GET' },
    ])
    expectError(await get('/get-messages-api'), 503)
    expect((await get('/get-messages-api')).status).toBe(200)
    // One target: an unknown endpoint, or an endpoint with a path of its own, is refused.
    expectError(await post('/__mock/faults', { endpoint: 'getEverything' }, null), 400)
    expectError(await post('/__mock/faults', { endpoint: 'getLines', path: '/get-lines' }, null), 400)
    expect((await get('/__mock/faults', null)).body.faults).toEqual([])
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

  it('moves the clock at most a year per call; other values are a 400 that names ms, and the clock stays', async () => {
    const { post, get, mock } = setup()
    const year = 365 * 24 * 60 * 60_000
    for (const bad of [1e308, '{"ms":1e309}', year + 1, -1, '5', null, { ms: 1 }]) {
      const body = typeof bad === 'string' && bad.startsWith('{') ? bad : { ms: bad }
      const answer = await post('/__mock/clock/advance', body, null)
      expectError(answer, 400, 'invalid_request')
      expect(answer.body.error).toMatch(/\bms\b/)
    }
    // The far future by the other door: a jump to a time is bounded the same way.
    for (const now of ['+275760-09-13T00:00:00.000Z', '2028-03-03T12:00:00Z', 'soon'])
      expectError(await post('/__mock/clock', { now }, null), 400, 'invalid_request')
    expect(() => mock.control.advanceClock(1e308)).toThrow(/ms must be a number from 0 to/)
    expect((await get('/__mock/clock', null)).body.now).toBe(T0)
    // A year is fine (its 365 daily resets run), in one call and then another.
    expect((await post('/__mock/clock/advance', { ms: year }, null)).body.now).toBe('2027-03-02T12:00:00.000Z')
    expect((await post('/__mock/clock', { now: '2028-03-01T12:00:00Z' }, null)).status).toBe(200)
  })

  it('checks every number of the settings, call settings, dialer and faults before use; a refused patch changes nothing', async () => {
    const { post, call, get, mock } = setup()
    const before = (await get('/__mock/settings', null)).body
    for (const patch of [
      { latencyMs: 1e308 },
      { latencyMs: 3_600_001 },
      { deliveryMs: 60, sendProcessingMs: 1e308 },
      { groupCreatingMs: -1 },
      { rateLimitPerMinute: 1.5 },
      { rateLimitPerMinute: 1e7 },
    ]) {
      const answer = await call('PATCH', '/__mock/settings', patch, null)
      expectError(answer, 400, 'invalid_request')
      expect(answer.body.error).toContain(Object.keys(patch).at(-1))
    }
    expect((await get('/__mock/settings', null)).body).toEqual(before)
    expect(() => mock.control.updateSettings({ deliveryMs: Number.POSITIVE_INFINITY })).toThrow(/deliveryMs/)

    const calls = (await get('/__mock/calls/settings', null)).body
    for (const patch of [{ ringTimeoutMs: 1e308 }, { outboundAnswerMs: 5, classifyMs: -1 }])
      expectError(await post('/__mock/calls/settings', patch, null), 400, 'invalid_request')
    expect((await get('/__mock/calls/settings', null)).body).toEqual(calls)

    const dialer = (await get('/__mock/dialer', null)).body
    for (const patch of [{ includedMinutes: 1e308 }, { usedMinutes: 5, capMinutes: 2e6 }])
      expectError(await post('/__mock/dialer', patch, null), 400, 'invalid_request')
    expect((await get('/__mock/dialer', null)).body).toEqual(dialer)

    for (const fault of [
      { path: '/get-lines', count: 1e308 },
      { path: '/get-lines', count: 2_000_000 },
      { path: '/get-lines', status: 99 },
    ])
      expectError(await post('/__mock/faults', fault, null), 400)
    expectError(await post('/__mock/faults/mint', { kind: 'proxy502', count: 1e308 }, null), 400)
    expect(() => mock.control.addFault({ path: '/get-lines', count: 1e308 })).toThrow(/count/)
    expect(() => mock.control.addFault({ path: '/get-lines', status: 1000 })).toThrow(/status/)
    expect((await get('/__mock/faults', null)).body.faults).toEqual([])
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
