/**
 * Hostile structure is a 4xx, never a 5xx; webhooks are idempotent and calls only move forward;
 * a payload the server cannot use is logged and counted, never lost silently.
 */
import { describe, expect, it } from 'vitest'
import type { LinekitEvent } from 'linekit/server'
import { seedFlows, seedLines } from 'linekit/mocks'
import { MAIN, ORIGIN, SECRET, SHARED, createRig } from '../test/support/serverRig'

/** `{"a":{"a":…1…}}` nested `depth` levels. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

function postWebhook(rig: ReturnType<typeof createRig>, body: string) {
  return rig.server.handle(
    new Request(`${ORIGIN}/api/linekit/webhooks/${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
  )
}

/** Every event the server publishes, in order. */
function published(rig: ReturnType<typeof createRig>): LinekitEvent[] {
  const events: LinekitEvent[] = []
  rig.server.bus.subscribe((event) => events.push(event))
  return events
}

const message = (guid: string) =>
  JSON.stringify({
    message: 'hello',
    destination: seedLines.main.phoneNumber,
    receivedAt: '2026-03-02T12:00:00.000Z',
    direction: 'inbound',
    messageId: 7,
    guid,
    linePhoneNumber: seedLines.main.phoneNumber,
  })

const callEvent = (event: 'ringing' | 'answered' | 'ended') =>
  JSON.stringify({
    event: `audiocall.inbound.${event}`,
    call_uuid: 'call-hostile-1',
    direction: 'inbound',
    from: '+14155550177',
    pb_line_id: MAIN,
    linePhoneNumber: seedLines.main.phoneNumber,
    ringingAt: '2026-03-02T12:00:00.000Z',
    answeredAt: null,
    endedAt: '2026-03-02T12:00:30.000Z',
    status: 'no_answer',
    receivedAt: '2026-03-02T12:00:30.000Z',
  })

describe('hostile structure', () => {
  it.each([
    ['send', '/send-api-message', (deep: string) => `{"phone":"+14155550142","message":"x","customFields":${deep}}`],
    ['contact', '/create-external-contact', (deep: string) => `{"phone":"+14155550142","customFields":${deep}}`],
    [
      'group send',
      '/send-group-message',
      (deep: string) => `{"numbers":["+14155550142","+14155550143"],"message":"x","extra":${deep}}`,
    ],
    ['an unknown field', '/api-check-native-availability', (deep: string) => `{"phone":"+14155550142","x":${deep}}`],
  ])('%s with a 5,000-level nested field: 400 in the contract shape, nothing sent', async (_name, path, body) => {
    const rig = createRig({ server: { readModel: false } })
    const answer = await rig.call('alice', path, { body: body(nested(5000)) })
    expect(answer.status).toBe(400)
    // spec: Errors — `{ error, code, hint }`.
    expect(answer.json).toMatchObject({
      code: 'invalid_request',
      error: expect.stringContaining('nests deeper'),
      hint: expect.any(String),
    })
    expect(rig.upstream.filter((call) => new URL(call.url).pathname === path)).toEqual([])
  })

  it('a webhook with a 6,000-level field is acknowledged, logged and counted, not published', async () => {
    const rig = createRig({ server: { readModel: false } })
    const events = published(rig)
    const answer = await postWebhook(rig, `{"guid":"g","extra":${nested(6000)}}`)
    expect(answer.status).toBe(200)
    await rig.server.settled()
    expect(events).toEqual([])
    const line = rig.logs.find((l) => l.message.includes('nests deeper'))
    expect(line).toMatchObject({ level: 'warn', details: { droppedSoFar: 1 } })
    // Logged without the payload's values (a webhook may carry message text) nor the secret.
    expect(JSON.stringify(rig.logs)).not.toContain(SECRET)
  })
})

describe('webhooks are idempotent and calls only move forward', () => {
  it('the same message webhook (same guid) posted 3 times is published once', async () => {
    const rig = createRig({ server: { readModel: false } })
    const events = published(rig)
    for (let i = 0; i < 3; i++) expect((await postWebhook(rig, message('guid-1'))).status).toBe(200)
    await rig.server.settled()
    expect(events.filter((e) => e.type === 'message')).toHaveLength(1)
    await postWebhook(rig, message('guid-2'))
    await rig.server.settled()
    expect(events.filter((e) => e.type === 'message')).toHaveLength(2)
  })

  it('the same call event twice is published once; an ended call never rings again', async () => {
    const rig = createRig({ server: { readModel: false } })
    const events = published(rig)
    // The ended event came first (webhooks are not ordered): the late ringing is stale.
    await postWebhook(rig, callEvent('ended'))
    await postWebhook(rig, callEvent('ended'))
    await postWebhook(rig, callEvent('ringing'))
    await postWebhook(rig, callEvent('answered'))
    await rig.server.settled()
    expect(events.map((e) => e.type)).toEqual(['audiocall.inbound.ended'])
  })

  it('an event listener that throws is logged; the other listeners still receive the event', async () => {
    const rig = createRig({ server: { readModel: false } })
    rig.server.bus.subscribe(() => {
      throw new Error('one stream broke')
    })
    const events = published(rig)
    await postWebhook(rig, message('guid-3'))
    await rig.server.settled()
    expect(events).toHaveLength(1)
    expect(rig.logs).toContainEqual(expect.objectContaining({ level: 'error', details: { error: 'one stream broke' } }))
  })
})

describe('what crosses lines', () => {
  it("an enrolment refused because another line's run exists tells the 409, not that run's id or line", async () => {
    const rig = createRig({ server: { readModel: false } })
    const flowId = seedFlows.wait
    const phoneNumber = '+14155550191'
    const first = await rig.call('alice', '/enroll-flow', { body: { flowId, phoneNumber, pb_line_id: MAIN } })
    expect(first.status).toBe(200)
    const { runId } = first.json as { runId: number }
    const doras = await rig.call('dora', '/enroll-flow', { body: { flowId, phoneNumber, pb_line_id: SHARED } })
    expect(doras.status).toBe(409)
    expect(doras.json).toMatchObject({ error: expect.any(String), hint: expect.any(String) })
    expect(doras.text).not.toContain(String(runId))
    expect(doras.text.toLowerCase()).not.toContain(MAIN)
    // alice, whose run it is, hears the whole answer.
    const again = await rig.call('alice', '/enroll-flow', { body: { flowId, phoneNumber, pb_line_id: MAIN } })
    expect(again.status).toBe(409)
    expect(again.text).toContain(String(runId))
  })
})
