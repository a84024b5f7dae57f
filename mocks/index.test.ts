import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createMockClock, createMockService, seedKeys } from 'linekit/mocks'

const headers = { authorization: `Bearer ${seedKeys.production}`, 'content-type': 'application/json' }

describe('createMockService', () => {
  it('its handlers answer through MSW getResponse exactly as the in-process fetch does', async () => {
    const a = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const b = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const requests: [string, RequestInit?][] = [
      ['https://a.test/get-lines', { headers }],
      [
        'https://a.test/send-api-message',
        { method: 'POST', headers, body: JSON.stringify({ phone: '(415) 555-0178', message: 'x' }) },
      ],
      ['https://a.test/send-api-message', { method: 'POST', headers, body: '{' }],
      ['https://a.test/get-messages-api?limit=3&direction=outbound', { headers }],
      ['https://a.test/get-message-api/pbm_nope', { headers }],
      ['https://a.test/__mock/clock'],
      ['https://a.test/get-lines'],
    ]
    for (const [url, init] of requests) {
      const viaFetch = await a.fetch(url, init)
      const viaMsw = await getResponse(b.handlers, new Request(url, init))
      expect(viaMsw, url).toBeDefined()
      expect(viaMsw!.status).toBe(viaFetch.status)
      const [x, y] = [await viaFetch.json(), await viaMsw!.json()]
      expect(y).toEqual(x)
    }
    // Only the exact path exists: a path below a prefix is 404 in both (mocks/handlers/mockRouter.test.ts).
    expect((await a.fetch('https://a.test/prefix/get-effects', { headers })).status).toBe(404)
    expect(await getResponse(b.handlers, new Request('https://a.test/prefix/get-effects', { headers }))).toBe(undefined)
  })

  it('the same seed gives the same generated ids; reset restores the seed and drops pending work', async () => {
    const make = () => createMockService({ seed: 7, clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const [a, b] = [make(), make()]
    expect(a.control.createAccount({ kind: 'noAudio' })).toEqual(b.control.createAccount({ kind: 'noAudio' }))
    a.control.updateSettings({ sendProcessingMs: 10_000 })
    const r = await a.fetch('https://a.test/send-api-message', {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: '+14155550178', message: 'later' }),
    })
    expect((await r.json()).status).toBe('processing')
    a.control.reset()
    a.clock.advance(20_000)
    const list = await (await a.fetch('https://a.test/get-messages-api', { headers })).json()
    expect(list.pagination.total).toBe(9)
    expect(a.control.settings().sendProcessingMs).toBe(0)
    expect(a.control.accounts()).toHaveLength(8)
  })

  it('never hands out a message handle, guid, messageId or group id twice, across resets (spec: durable)', async () => {
    const mock = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const stored: { id: number; guid: string }[] = []
    const seeded = async () =>
      (
        (await (await mock.fetch('https://a.test/get-messages-api', { headers })).json()) as {
          data: { message_handle: string }[]
        }
      ).data
        .map((m) => m.message_handle)
        .sort()
    const seedHandles = await seeded()
    const handles: string[] = []
    const groups: string[] = []
    for (let round = 0; round < 3; round += 1) {
      const sent = await mock.fetch('https://a.test/send-api-message', {
        method: 'POST',
        headers,
        body: JSON.stringify({ phone: '+14155550178', message: `round ${round}` }),
      })
      expect(sent.status).toBe(200)
      const list = (await (await mock.fetch('https://a.test/get-messages-api?limit=1', { headers })).json()) as {
        data: { message_handle: string; content: string }[]
      }
      expect(list.data[0]!.content).toBe(`round ${round}`)
      handles.push(list.data[0]!.message_handle)
      const { id, guid } = mock.state.messagesByHandle.get(list.data[0]!.message_handle)!
      stored.push({ id, guid })
      const group = await mock.fetch('https://a.test/send-group-message', {
        method: 'POST',
        headers,
        body: JSON.stringify({ numbers: ['+14155550178', '+14155550179'], message: `group ${round}` }),
      })
      groups.push(((await group.json()) as { groupId: string }).groupId)
      mock.control.reset()
      // The seed is the same records again, with the same handles.
      expect(await seeded()).toEqual(seedHandles)
    }
    expect(new Set(handles).size).toBe(3)
    expect(new Set(groups).size).toBe(3)
    for (const handle of handles) expect(seedHandles).not.toContain(handle)
    // The webhook's messageId and guid (spec: unique) never repeat either.
    expect(new Set(stored.map((m) => m.guid)).size).toBe(3)
    expect(new Set(stored.map((m) => m.id)).size).toBe(3)
  })

  it('publishes an event for every stored message (the hook for message webhooks)', async () => {
    const mock = createMockService({ clock: createMockClock({ now: '2026-01-01T00:00:00Z' }) })
    const seen: string[] = []
    mock.state.on((e) => seen.push(e.type))
    mock.control.updateSettings({ sendProcessingMs: 1_000 })
    await mock.fetch('https://a.test/send-api-message', {
      method: 'POST',
      headers,
      body: JSON.stringify({ phone: '+14155550178', message: 'x' }),
    })
    expect(seen).toEqual([])
    mock.clock.advance(1_000)
    expect(seen).toEqual(['message.outbound'])
    mock.control.injectInbound({ from: '+14155550178', message: 'y' })
    expect(seen).toEqual(['message.outbound', 'message.inbound'])
  })
})
