/**
 * Tenant isolation in every route: each user is kept within their lines in send, typing,
 * reaction, group send, message list and single message, lines, enrolment and cancel, call
 * start/answer/decline/end/status, call logs, the mint and the event stream (live and replayed).
 * Each refusal reaches no service route.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { seedContacts, seedFlows, seedLines } from 'linekit/mocks'
import {
  MAIN,
  MESSAGING,
  SECRET,
  SHARED,
  collectSse,
  counts,
  createRig,
  eventually,
  fingerprint,
  refusedBeforeUpstream,
} from '../test/support/serverRig'
import type { Rig, UserName } from '../test/support/serverRig'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('tenant isolation: alice (main line) and bob (messaging line) in every route', () => {
  function setup() {
    const rig = createRig()
    const as = (user: UserName) => (path: string, body?: unknown) =>
      rig.call(user, path, body === undefined ? {} : { body })
    const handleOn = (line: string) =>
      [...rig.mock.state.messagesByHandle.values()].find(
        (m) => m.line_id === line && m.accountId === 'acct_production' && m.direction === 'inbound',
      )!.handle
    return {
      rig,
      alice: as('alice'),
      bob: as('bob'),
      carol: as('carol'),
      admin: as('admin'),
      nobody: as('nobody'),
      handleOn,
    }
  }
  const lineOfLastSend = (rig: Rig) => rig.mock.state.accounts.get('acct_production')!.messages.at(-1)!.line_id

  it('send: another line → 403; omitted → the user own line (one line) or 400 line_required (some lines)', async () => {
    const { rig, alice, carol, nobody } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/send-api-message', { phone: seedContacts.ava, message: 'x', lineId: MESSAGING }),
    )
    await refusedBeforeUpstream(rig, () =>
      alice('/send-api-message', { phone: seedContacts.ava, message: 'x', lineId: MESSAGING.toUpperCase() }),
    )
    expect(
      (await refusedBeforeUpstream(rig, () => carol('/send-api-message', { phone: seedContacts.ava, message: 'x' })))
        .status,
    ).toBe(400)
    expect(
      (await refusedBeforeUpstream(rig, () => nobody('/send-api-message', { phone: seedContacts.ava, message: 'x' })))
        .status,
    ).toBe(403)
    // ben's conversation lives on the messaging line: the service's sticky routing must not win
    expect((await alice('/send-api-message', { phone: seedContacts.ben, message: 'from alice' })).status).toBe(200)
    expect(lineOfLastSend(rig)).toBe(MAIN)
  })

  it('typing indicator and group send: another line → 403; omitted → filled in', async () => {
    const { rig, alice, bob } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/send-typing-indicator', { phoneNumber: seedContacts.ava, lineId: MESSAGING }),
    )
    await refusedBeforeUpstream(rig, () =>
      bob('/send-group-message', { numbers: [seedContacts.ava, seedContacts.cara], message: 'x', lineId: MAIN }),
    )
    const before = rig.upstream.length
    await bob('/send-typing-indicator', { phoneNumber: seedContacts.ben })
    expect(JSON.parse(rig.upstream.slice(before).at(-1)!.body)).toMatchObject({ lineId: MESSAGING })
    // The seeded group lives on main: bob (omitting the line) gets it filled with his → 409, never main's thread.
    const group = await bob('/send-group-message', {
      numbers: [seedContacts.ava, seedContacts.cara, seedContacts.dan],
      message: 'x',
    })
    expect(JSON.parse(rig.upstream.at(-1)!.body)).toMatchObject({ lineId: MESSAGING })
    expect(group.status).toBe(409)
  })

  it('idempotency keys are per user: another user replaying a key neither blocks a send nor gets its outcome', async () => {
    const { rig, alice, bob } = setup()
    const key = 'lk-shared-key-0001'
    const first = await alice('/send-api-message', {
      phone: seedContacts.ava,
      message: 'from alice',
      idempotencyKey: key,
    })
    expect(first.status).toBe(200)
    const other = await bob('/send-api-message', { phone: seedContacts.ava, message: 'from bob', idempotencyKey: key })
    expect(other.status).toBe(200)
    expect(other.json).not.toMatchObject({ deduped: true })
    expect(other.text).not.toContain(seedLines.main.phoneNumber)
    const stored = rig.mock.state.accounts.get('acct_production')!.messages.map((m) => m.content)
    expect(stored).toContain('from alice')
    expect(stored).toContain('from bob')
    // The same user's retry is still a replay (the key still protects against double sends).
    const retry = await alice('/send-api-message', {
      phone: seedContacts.ava,
      message: 'from alice',
      idempotencyKey: key,
    })
    expect(retry.json).toMatchObject({ deduped: true })
    expect(
      rig.mock.state.accounts.get('acct_production')!.messages.filter((m) => m.content === 'from alice'),
    ).toHaveLength(1)
    // Group sends too.
    const g1 = await alice('/send-group-message', {
      numbers: [seedContacts.ava, '+14155550188'],
      message: 'g',
      idempotencyKey: 'lk-group-key',
    })
    const g2 = await bob('/send-group-message', {
      numbers: [seedContacts.ben, '+14155550186'],
      message: 'g',
      idempotencyKey: 'lk-group-key',
    })
    expect(g1.json).toMatchObject({ created: true })
    expect(g2.json).toMatchObject({ created: true })
  })

  it('a group conflict does not reveal another user line number or group id', async () => {
    const { rig, alice, bob } = setup()
    const numbers = [seedContacts.ava, seedContacts.cara, seedContacts.dan]
    // The seeded thread of these three lives on the main line (alice's).
    const conflict = await bob('/send-group-message', { numbers, message: 'x' })
    expect(conflict.status).toBe(409)
    const seededGroup = [...rig.mock.state.accounts.get('acct_production')!.groupsById.keys()][0]!
    expect(conflict.text).not.toContain(seedLines.main.phoneNumber)
    expect(conflict.text).not.toContain(seededGroup)
    expect(JSON.parse(conflict.text)).toMatchObject({ code: 'group_line_conflict' })
    // The owner of the line still learns where the group lives (her own line).
    const own = await alice('/send-group-message', { numbers, message: 'x', lineId: MAIN })
    expect(own.status).toBe(200)
    const adminConflict = await rig.call('carol', '/send-group-message', {
      body: { numbers, message: 'x', lineId: SHARED },
    })
    expect(adminConflict.status).toBe(409)
    expect(JSON.parse(adminConflict.text)).toMatchObject({ devicePhoneNumber: seedLines.main.phoneNumber })
  })

  it('reaction on another line message → 404, nothing sent', async () => {
    const { rig, alice, bob, handleOn } = setup()
    const bobs = handleOn(MESSAGING)
    const state = fingerprint(rig.mock)
    const result = await alice('/send-reaction', { messageHandle: bobs, reaction: 'love' })
    expect(result.status).toBe(404)
    expect(rig.upstream.some((u) => u.url.endsWith('/send-reaction'))).toBe(false)
    expect(fingerprint(rig.mock)).toBe(state)
    expect((await bob('/send-reaction', { messageHandle: bobs, reaction: 'love' })).status).toBe(200)
  })

  it('messages: list another line → 403, omitted → own line only; single message of another line → 404', async () => {
    const { rig, alice, bob, carol, handleOn } = setup()
    await refusedBeforeUpstream(rig, () => alice(`/get-messages-api?pb_line_id=${MESSAGING}`))
    await refusedBeforeUpstream(rig, () => carol('/get-messages-api'))
    const mine = (await alice('/get-messages-api?limit=100')).json as { data: { line_id: string }[] }
    expect(mine.data.length).toBeGreaterThan(0)
    expect(new Set(mine.data.map((m) => m.line_id))).toEqual(new Set([MAIN]))
    // from_number/to_number filters cannot widen the line scope
    const filtered = (
      await alice(`/get-messages-api?direction=inbound&from_number=${encodeURIComponent(seedContacts.ben)}`)
    ).json as { data: unknown[] }
    expect(filtered.data).toEqual([])
    const bobs = handleOn(MESSAGING)
    expect((await alice(`/get-message-api/${bobs}`)).status).toBe(404)
    expect((await bob(`/get-message-api/${bobs}`)).status).toBe(200)
  })

  it('lines: only the user own lines are listed', async () => {
    const { alice, nobody } = setup()
    expect(((await alice('/get-lines')).json as { lineId: string }[]).map((l) => l.lineId)).toEqual([MAIN])
    expect((await nobody('/get-lines')).json).toEqual([])
  })

  it('workflows: enrol on another line → 403; a run enrolled by bob cannot be cancelled by alice', async () => {
    const { rig, alice, bob, admin } = setup()
    await refusedBeforeUpstream(rig, () =>
      alice('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '+14155550190', pb_line_id: MESSAGING }),
    )
    const enrolled = await bob('/enroll-flow', { flowId: seedFlows.wait, phoneNumber: '+14155550190' })
    expect(enrolled.status).toBe(200)
    const { runId, pb_line_id } = enrolled.json as { runId: number; pb_line_id: string }
    expect(pb_line_id).toBe(MESSAGING)
    // Bob's run reads as a run this server never saw (no existence oracle): only a user of every
    // line may cancel one.
    const bobs = await refusedBeforeUpstream(rig, () => alice('/cancel-flow-run', { runId }))
    const unknown = await refusedBeforeUpstream(rig, () => alice('/cancel-flow-run', { runId: runId + 1000 }))
    expect(bobs.status).toBe(403)
    expect(bobs.text).toBe(unknown.text)
    expect((await admin('/cancel-flow-run', { runId: runId + 1000 })).status).toBe(404)
    expect((await bob('/cancel-flow-run', { runId })).status).toBe(200)
  })

  it('calls: start on another line → 403; answer/decline/end/status of another line call → 404, the call keeps ringing', async () => {
    const { rig, alice, bob } = setup()
    await refusedBeforeUpstream(rig, () =>
      bob('/start-audiocall-call-api', { pb_line_id: MAIN, phone_number: seedContacts.ava }),
    )
    // The server learns the call's line from the ringing webhook (the call-status answer's shape is
    // not shown); the rig's mock delivers its webhooks into rig.server.
    rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    const call = rig.mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava }).call_uuid
    await rig.mock.control.webhooks.flush()
    await rig.server.settled()
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api', '/end-audiocall-call-api']) {
      const state = fingerprint(rig.mock)
      expect((await bob(path, { call_uuid: call })).status, path).toBe(404)
      expect(fingerprint(rig.mock)).toBe(state)
      expect(rig.upstream.some((u) => u.url.endsWith(path))).toBe(false)
    }
    expect((await bob(`/get-audiocall-call-status-api?call_uuid=${call}`)).status).toBe(404)
    const status = await alice(`/get-audiocall-call-status-api?call_uuid=${call}`)
    expect(status.json).toMatchObject({ call_status: 'ringing' })
  })

  it('calls: a blank call_uuid is 400 (spec: invalid or missing call_uuid) before the service is called', async () => {
    const { rig, alice } = setup()
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api', '/end-audiocall-call-api']) {
      const result = await refusedBeforeUpstream(rig, () => alice(path, { call_uuid: '   ' }))
      expect(result.status, path).toBe(400)
    }
  })

  it('call logs: another line → 403, omitted → own line', async () => {
    const { rig, alice, carol } = setup()
    await refusedBeforeUpstream(rig, () => alice(`/get-call-logs-api?pb_line_id=${SHARED}`))
    await refusedBeforeUpstream(rig, () => carol('/get-call-logs-api'))
    const before = rig.upstream.length
    expect((await alice('/get-call-logs-api')).status).toBe(200)
    expect(new URL(rig.upstream.slice(before).at(-1)!.url).searchParams.get('pb_line_id')).toBe(MAIN)
  })

  it('mint: another line → 403 line_not_allowed before the service is called', async () => {
    const { rig, bob } = setup()
    const result = await refusedBeforeUpstream(rig, () => bob('/dialer/token', { lineId: MAIN }))
    expect(result.status).toBe(403)
    expect(JSON.parse(result.text)).toMatchObject({ code: 'line_not_allowed' })
  })

  it('events: live and replayed events of another line never reach a user stream', async () => {
    const { rig } = setup()
    rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    const open = async (user: UserName, lastEventId?: string) => {
      const abort = new AbortController()
      const response = await rig.server.handle(
        rig.request(user, `/events${lastEventId ? `?lastEventId=${lastEventId}` : ''}`, { signal: abort.signal }),
      )
      const stream = collectSse(response)
      cleanups.push(() => abort.abort(), stream.stop)
      return stream
    }
    const alice = await open('alice')
    const bob = await open('bob')
    rig.mock.control.injectInbound({ from: seedContacts.ava, message: 'secret for alice', lineId: MAIN })
    rig.mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava })
    rig.mock.control.injectInbound({ from: seedContacts.ben, message: 'for bob', lineId: MESSAGING })
    await rig.mock.control.webhooks.flush()
    await rig.server.settled()
    await eventually(() => alice.events().length >= 2 && bob.events().length >= 1)
    expect(bob.events().map((e) => e.data.lineId)).toEqual([MESSAGING])
    expect(bob.frames.join('\n')).not.toContain('secret for alice')
    // Resuming from before alice's events replays only bob's line.
    const first = [...alice.events(), ...bob.events()].map((e) => e.id).sort()[0]!
    const replayedBob = await open('bob', first.replace(/-\d+$/, '-0'))
    await eventually(() => replayedBob.events().length >= 1)
    expect(replayedBob.events().every((e) => e.data.lineId === MESSAGING)).toBe(true)
    expect(counts(rig.mock).messages).toBeGreaterThan(0)
  })
})
