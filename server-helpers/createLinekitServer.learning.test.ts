/**
 * No fact crosses lines, in front of the in-process mock: what the server learns about a line
 * (its number) comes only from answers that prove it, so a user's own send replay cannot move
 * another line's messages to the wrong users — live over the event stream, nor in the lists the
 * read model answers. And a message, call or run of another user reads exactly as one that does
 * not exist (status, body, headers).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { seedContacts, seedLines } from 'linekit/mocks'
import {
  MAIN,
  MESSAGING,
  SECRET,
  SHARED,
  collectSse,
  createRig,
  createTeamRig,
  delivered,
  modelAnswers,
} from '../test/support/serverRig'
import type { Rig, UserName } from '../test/support/serverRig'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** An event stream of `user`, read in the background. */
/** {@link createTeamRig}, closed after the test. */
function teamRig(): Rig {
  const rig = createTeamRig()
  cleanups.push(() => rig.server.close())
  return rig
}

async function openStream(rig: Rig, user: UserName) {
  const abort = new AbortController()
  const response = await rig.server.handle(rig.request(user, '/events', { signal: abort.signal }))
  const stream = collectSse(response)
  cleanups.push(async () => {
    abort.abort()
    await stream.stop()
  })
  return stream
}

const texts = (json: unknown) => (json as { data: { content: string }[] }).data.map((m) => m.content)

describe('a send replay naming another of the user own lines', () => {
  it("teaches nothing: the replayed line's inbound messages reach only its users, live and from the read model", async () => {
    const rig = teamRig()
    const alice = await openStream(rig, 'alice') // main line (A) only
    const dora = await openStream(rig, 'dora') // shared line (B) only
    await modelAnswers(rig)

    const send = { phone: seedContacts.ava, message: 'Your table is ready', idempotencyKey: 'k-1' }
    const first = await rig.call('carol', '/send-api-message', { body: { ...send, lineId: SHARED } })
    expect(first.json).toMatchObject({ status: 'done', devicePhoneNumber: seedLines.shared.phoneNumber })
    // spec: deduped — a replay answers with the earlier send's data: line B's number, though it named A.
    const replay = await rig.call('carol', '/send-api-message', { body: { ...send, lineId: MAIN } })
    expect(replay.json).toMatchObject({ deduped: true, devicePhoneNumber: seedLines.shared.phoneNumber })
    await delivered(rig)

    rig.mock.control.injectInbound({ from: seedContacts.eve, message: 'for line B', lineId: SHARED })
    await delivered(rig)
    // A later message on A: once alice has it, she has had everything published before it.
    rig.mock.control.injectInbound({ from: seedContacts.ava, message: 'for line A', lineId: MAIN })
    await delivered(rig)
    const said = (stream: typeof alice) => stream.events().map((e) => e.data.data.message)
    await vi.waitFor(() => expect(said(alice)).toContain('for line A'))
    await vi.waitFor(() => expect(said(dora)).toContain('for line B'))
    expect(said(alice)).not.toContain('for line B')
    expect(dora.events().find((e) => e.data.data.message === 'for line B')?.data.lineId).toBe(SHARED)

    // The send on B is delivered a second later, which no webhook says: until the reconciler has
    // listed it so, a page holding it is the service's to answer.
    rig.mock.clock.advance(15_000)
    await modelAnswers(rig, 'dora')
    const before = rig.upstream.length
    const aliceList = await rig.call('alice', '/get-messages-api')
    const doraList = await rig.call('dora', '/get-messages-api')
    const carolOnA = await rig.call('carol', `/get-messages-api?pb_line_id=${MAIN}`)
    // Answered by the read model, not the service.
    expect(rig.upstream.length).toBe(before)
    expect(texts(aliceList.json)).not.toContain('for line B')
    expect(texts(carolOnA.json)).not.toContain('for line B')
    expect(texts(doraList.json)).toContain('for line B')
    expect(texts(aliceList.json)).toContain('for line A')
  })

  it('teaches nothing either when the first send was still processing (its answer named no number)', async () => {
    const rig = teamRig()
    const dora = await openStream(rig, 'dora')
    // The first send, still processing when replayed: the replay answers `processing` and nulls.
    rig.mock.control.updateSettings({ sendProcessingMs: 500 })
    const send = { phone: seedContacts.ben, message: 'See you at 5', idempotencyKey: 'k-2' }
    await rig.call('carol', '/send-api-message', { body: { ...send, lineId: SHARED } })
    rig.mock.control.advanceClock(1000)
    const replay = await rig.call('carol', '/send-api-message', { body: { ...send, lineId: MAIN } })
    expect(replay.json).toMatchObject({ status: 'done', deduped: true })
    await delivered(rig)
    // The outbound webhook of B's send named B's number; the reconciler's listing proves it too.
    rig.mock.control.injectInbound({ from: seedContacts.ben, message: 'on my way', lineId: SHARED })
    await delivered(rig)
    await vi.waitFor(() =>
      expect(dora.events().find((e) => e.data.data.message === 'on my way')?.data.lineId).toBe(SHARED),
    )
  })
})

describe('another user message, call or run reads exactly as one that does not exist', () => {
  const same = (a: Awaited<ReturnType<Rig['call']>>, b: Awaited<ReturnType<Rig['call']>>) => {
    expect(a.status).toBe(404)
    expect(b.status).toBe(a.status)
    expect(b.text).toBe(a.text)
    expect([...b.headers]).toEqual([...a.headers])
  }

  it('GET get-message-api: bob handle and an unknown handle, as alice (and as the service would not say)', async () => {
    const rig = createRig()
    const bobs = [...rig.mock.state.messagesByHandle.values()].find(
      (m) => m.line_id === MESSAGING && m.accountId === 'acct_production',
    )!.handle
    expect((await rig.call('bob', `/get-message-api/${bobs}`)).status).toBe(200)
    const other = await rig.call('alice', `/get-message-api/${bobs}`)
    const unknown = await rig.call('alice', '/get-message-api/pbm_00000000000000000000')
    same(other, unknown)
    // Even a user of every line: the service's own body is not passed on.
    same(other, await rig.call('admin', '/get-message-api/pbm_00000000000000000000'))
    // Reacting to either: the same answer, and nothing is sent.
    same(
      await rig.call('alice', '/send-reaction', { body: { messageHandle: bobs, reaction: 'like' } }),
      await rig.call('alice', '/send-reaction', {
        body: { messageHandle: 'pbm_00000000000000000000', reaction: 'like' },
      }),
    )
  })

  it('call status, answer, decline and end: alice ringing call and an unknown call_uuid, as bob', async () => {
    const rig = createRig()
    rig.mock.control.webhooks.create({ url: `http://app.local/api/linekit/webhooks/${SECRET}`, audioCalls: true })
    const call = rig.mock.control.calls.inbound({ lineId: MAIN, from: seedContacts.ava }).call_uuid
    await delivered(rig)
    for (const path of ['/answer-audiocall-call-api', '/decline-audiocall-call-api', '/end-audiocall-call-api']) {
      same(
        await rig.call('bob', path, { body: { call_uuid: call } }),
        await rig.call('bob', path, { body: { call_uuid: 'call_unknown' } }),
      )
    }
    const status = (user: UserName, uuid: string) => rig.call(user, `/get-audiocall-call-status-api?call_uuid=${uuid}`)
    same(await status('bob', call), await status('bob', 'call_unknown'))
    // A user of every line asks the service about an unknown call: its 404 reads the same.
    same(await status('bob', call), await status('admin', 'call_unknown'))
    expect((await status('alice', call)).status).toBe(200)
  })
})
