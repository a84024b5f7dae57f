// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { AudioCallEvent, MessageRecord } from '../../src/api'
import { createMemoryModelStore } from './memoryModelStore'
import { createReadModel } from './createReadModel'
import type { MessageWebhook } from './modelTypes'

const LINE_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const LINE_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
const NUMBER_A = '+14155550101'
const NUMBER_B = '+14155550102'
const AVA = '+14155550124'
const CARA = '+14155550146'
const CHAT = 'chat000000000000001'
const T0 = Date.parse('2026-03-02T12:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString()

let handles = 0
function record(over: Partial<MessageRecord> & { at: number }): MessageRecord {
  const { at, ...rest } = over
  const outbound = rest.direction === 'outbound'
  return {
    message_handle: `pbm_${++handles}`,
    content: 'hi',
    from_number: outbound ? NUMBER_A : AVA,
    to_number: outbound ? AVA : NUMBER_A,
    line_id: LINE_A,
    service: 'nativechat',
    direction: 'inbound',
    status: 'delivered',
    created_at: iso(at),
    sent_at: iso(at),
    media_attachment_url: null,
    voice_attachment_url: null,
    ...rest,
  }
}

function webhook(over: Partial<MessageWebhook> & { at: number }): MessageWebhook {
  const { at, ...rest } = over
  return {
    message: 'hi',
    destination: AVA,
    receivedAt: iso(at),
    direction: 'inbound',
    messageId: ++handles,
    guid: `guid-${handles}`,
    linePhoneNumber: NUMBER_A,
    ...rest,
  }
}

/** A model whose clock the test moves, covering everything from the first message. */
async function coveredModel() {
  let now = T0
  const model = createReadModel({ now: () => now })
  await model.ready()
  await model.applyMessageRecords([record({ at: T0 - 60_000, direction: 'outbound', content: 'first' })], {
    from: null,
    to: iso(T0),
  })
  return { model, advance: (ms: number) => (now += ms) }
}

describe('createReadModel', () => {
  it('answers nothing before the reconciler has read the service (not covered → undefined)', async () => {
    const model = createReadModel({ now: () => T0 })
    await model.applyMessageRecords([record({ at: T0 })], null)
    expect(model.queryMessages({}, [LINE_A])).toBeUndefined()
    expect(model.coverage()).toBeUndefined()
  })

  it('answers a list query with the service semantics once covered from the first message', async () => {
    const { model } = await coveredModel()
    await model.applyMessageRecords(
      [
        record({ at: T0 + 1000, content: 'in 1' }),
        record({ at: T0 + 2000, direction: 'outbound', content: 'out 1' }),
        record({ at: T0 + 3000, content: 'in 2', service: 'SMS' }),
      ],
      { from: iso(T0), to: iso(T0 + 5000) },
    )
    const all = model.queryMessages({}, [LINE_A])!
    expect(all.status).toBe('OK')
    expect(all.data.map((m) => m.content)).toEqual(['in 2', 'out 1', 'in 1', 'first'])
    expect(all.pagination).toEqual({ limit: 100, offset: 0, total: 4 })
    const asc = model.queryMessages({ order_direction: 'asc', limit: 2, offset: 1 }, [LINE_A])!
    expect(asc.data.map((m) => m.content)).toEqual(['in 1', 'out 1'])
    expect(model.queryMessages({ direction: 'inbound', from_number: AVA }, [LINE_A])!.data).toHaveLength(2)
    expect(model.queryMessages({ to_number: AVA }, [LINE_A])!.data.map((m) => m.content)).toEqual(['out 1', 'first'])
    expect(model.queryMessages({ service: 'SMS' }, [LINE_A])!.data.map((m) => m.content)).toEqual(['in 2'])
    expect(
      model.queryMessages({ created_at_gte: iso(T0 + 1500), created_at_lte: iso(T0 + 2500) }, [LINE_A])!.data,
    ).toHaveLength(1)
    expect(model.queryMessages({ sent_at_lte: iso(T0 + 1000) }, [LINE_A])!.data).toHaveLength(2)
    expect(model.queryMessages(new URLSearchParams('order_by=sentAt&limit=1'), [LINE_A])!.data[0]!.content).toBe('in 2')
    // spec: RCS is inbound-only — with direction=outbound, zero results.
    expect(model.queryMessages({ service: 'RCS', direction: 'outbound' }, [LINE_A])!.data).toEqual([])
  })

  it('leaves to the service what it would refuse: offset + limit above 2000, wrong direction filters, bad dates', async () => {
    const { model } = await coveredModel()
    expect(model.queryMessages({ offset: 1950, limit: 51 }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ offset: 1900, limit: 100 }, [LINE_A])).toBeDefined()
    expect(model.queryMessages({ limit: 101 }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ from_number: AVA, direction: 'outbound' }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ to_number: AVA, direction: 'inbound' }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ created_at_gte: 'yesterday' }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ surprise: '1' }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages(new URLSearchParams('limit=1&limit=2'), [LINE_A])).toBeUndefined()
  })

  it('sends history older than its coverage upstream, and answers inside it', async () => {
    const model = createReadModel({ now: () => T0 })
    const records = Array.from({ length: 5 }, (_, i) => record({ at: T0 - 5000 + i * 1000, content: `m${i}` }))
    // The reconciler read from T0 - 5000 on: older messages may exist.
    await model.applyMessageRecords(records, { from: iso(T0 - 5000), to: iso(T0) })
    expect(model.coverage([LINE_A])).toEqual({ since: iso(T0 - 5000), until: iso(T0) })
    // Newest first with more matches than offset + limit: the page is exact.
    expect(model.queryMessages({ limit: 3 }, [LINE_A])!.data.map((m) => m.content)).toEqual(['m4', 'm3', 'm2'])
    // Not enough inside the coverage to be sure nothing older belongs on the page.
    expect(model.queryMessages({ limit: 5 }, [LINE_A])).toBeUndefined()
    expect(model.queryMessages({ limit: 3, created_at_lte: iso(T0 - 3000) }, [LINE_A])).toBeUndefined()
    // Oldest first needs the beginning.
    expect(model.queryMessages({ order_direction: 'asc', limit: 1 }, [LINE_A])).toBeUndefined()
    // A lower bound inside the coverage is exact, whatever the count.
    const bounded = model.queryMessages({ created_at_gte: iso(T0 - 2000), order_direction: 'asc' }, [LINE_A])!
    expect(bounded.data.map((m) => m.content)).toEqual(['m3', 'm4'])
    expect(model.queryMessages({ created_at_gte: iso(T0 - 9000) }, [LINE_A])).toBeUndefined()
  })

  it('drops what falls out of the window and stops answering for it', async () => {
    let now = T0
    const model = createReadModel({ now: () => now, retention: { days: 1, messagesPerLine: 3 } })
    await model.applyMessageRecords(
      Array.from({ length: 5 }, (_, i) => record({ at: T0 + i, content: `m${i}` })),
      { from: null, to: iso(T0 + 10) },
    )
    // Three per line: m0 and m1 are gone, so the line is covered only after m1.
    expect(model.queryMessages({ order_direction: 'asc' }, [LINE_A])).toBeUndefined()
    expect(model.coverage([LINE_A])!.since).toBe(iso(T0 + 2))
    expect(model.queryMessages({ created_at_gte: iso(T0 + 2) }, [LINE_A])!.data).toHaveLength(3)
    now = T0 + 2 * 86_400_000
    await model.learnLineNumber(NUMBER_B, LINE_B) // any operation applies the window
    expect(model.state.messages.all).toHaveLength(0)
  })

  it('keeps tenants apart: only visible lines are read, another line named is not answered', async () => {
    const { model } = await coveredModel()
    await model.applyMessageRecords(
      [
        record({ at: T0 + 1, line_id: LINE_B, to_number: NUMBER_B, content: 'secret' }),
        record({ at: T0 + 2, content: 'mine' }),
      ],
      { from: iso(T0), to: iso(T0 + 10) },
    )
    const mine = model.queryMessages({}, [LINE_A])!
    expect(mine.data.map((m) => m.content)).toEqual(['mine', 'first'])
    expect(model.queryMessages({ pb_line_id: LINE_B }, [LINE_A])).toBeUndefined()
    expect(
      model.queryMessages({ from_number: AVA, direction: 'inbound' }, [LINE_A])!.data.map((m) => m.content),
    ).toEqual(['mine'])
    expect(model.threadMessages({ lineId: LINE_B, number: AVA }, [LINE_A])).toEqual([])
    expect(model.queryMessages({}, [])!.data).toEqual([])
  })

  it('stores a webhook at once as a provisional record, replaced by the listed record exactly once', async () => {
    const { model } = await coveredModel()
    const hook = webhook({ at: T0 + 1000, message: 'Need help' })
    const [change] = await model.applyMessageWebhook(hook)
    expect(change).toMatchObject({ kind: 'message', lineId: LINE_A, provisional: true })
    const shown = model.queryMessages({ from_number: AVA, direction: 'inbound' }, [LINE_A])!.data
    expect(shown.map((m) => [m.content, m.message_handle])).toEqual([['Need help', `lkw_${hook.guid}`]])
    // The same webhook twice: still one record.
    expect(await model.applyMessageWebhook(hook)).toEqual([])
    const listed = record({ at: T0 + 900, content: 'Need help' })
    const [replaced] = await model.applyMessageRecords([listed], { from: iso(T0), to: iso(T0 + 2000) })
    expect(replaced).toMatchObject({ record: listed, replaces: `lkw_${hook.guid}`, provisional: false })
    // Listed again (the reconciler's overlap), and the webhook replayed: nothing changes.
    expect(await model.applyMessageRecords([listed], { from: iso(T0), to: iso(T0 + 3000) })).toEqual([])
    expect(await model.applyMessageWebhook(hook)).toEqual([])
    const all = model.queryMessages({}, [LINE_A])!.data
    expect(all.filter((m) => m.content === 'Need help')).toEqual([listed])
  })

  it('a webhook that comes after its record was listed adds nothing; two equal texts stay two', async () => {
    const { model } = await coveredModel()
    const one = record({ at: T0 + 1000, direction: 'outbound', content: 'Thanks!' })
    const two = record({ at: T0 + 5000, direction: 'outbound', content: 'Thanks!' })
    await model.applyMessageRecords([one, two], { from: iso(T0), to: iso(T0 + 6000) })
    const late = (at: number) =>
      webhook({ at, direction: 'outbound', destination: AVA, message: 'Thanks!', linePhoneNumber: NUMBER_A })
    expect(await model.applyMessageWebhook(late(T0 + 1200))).toEqual([])
    expect(await model.applyMessageWebhook(late(T0 + 5100))).toEqual([])
    // A third send with the same text is new.
    const [third] = await model.applyMessageWebhook(late(T0 + 9000))
    expect(third).toMatchObject({ provisional: true })
    expect(model.queryMessages({ to_number: AVA }, [LINE_A])!.data.filter((m) => m.content === 'Thanks!')).toHaveLength(
      3,
    )
  })

  it('holds a webhook whose line number is unknown until the number is learned', async () => {
    const model = createReadModel({ now: () => T0 })
    await model.applyMessageRecords([], { from: null, to: iso(T0) })
    expect(await model.applyMessageWebhook(webhook({ at: T0, linePhoneNumber: NUMBER_B }))).toEqual([])
    expect(model.lineIdForNumber(NUMBER_B)).toBeUndefined()
    const changes = await model.learnLineNumber(NUMBER_B, LINE_B)
    expect(changes).toMatchObject([{ kind: 'message', lineId: LINE_B, provisional: true }])
    expect(model.lineIdForNumber(NUMBER_B)).toBe(LINE_B)
  })

  it('learns line numbers from shown fields only: outbound from_number, inbound to_number, call events', async () => {
    const model = createReadModel({ now: () => T0 })
    await model.applyMessageRecords(
      [
        record({ at: T0, direction: 'outbound', from_number: NUMBER_A }),
        record({ at: T0, direction: 'inbound', to_number: NUMBER_B, line_id: LINE_B }),
        record({ at: T0, direction: 'inbound', to_number: CHAT, line_id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' }),
      ],
      null,
    )
    expect(model.lineIdForNumber(NUMBER_A)).toBe(LINE_A)
    expect(model.lineIdForNumber(NUMBER_B)).toBe(LINE_B)
    expect(model.lineIdForNumber(CHAT)).toBeUndefined()
  })

  it('never moves a known number or call to another line: the conflicting fact is reported and ignored', async () => {
    const warnings: string[] = []
    const model = createReadModel({ now: () => T0, logger: { warn: (message) => warnings.push(message) } })
    await model.applyMessageRecords([], { from: null, to: iso(T0) })
    await model.learnLineNumber(NUMBER_B, LINE_B)
    // A later answer claiming line B's number for line A (a send replay's, say) changes nothing.
    await model.learnLineNumber(NUMBER_B, LINE_A)
    await model.applyMessageRecords([record({ at: T0, direction: 'outbound', from_number: NUMBER_B })], null)
    expect(model.lineIdForNumber(NUMBER_B)).toBe(LINE_B)
    // The same fact spelled in another case is no conflict.
    await model.learnLineNumber(NUMBER_B, LINE_B.toUpperCase())
    // Logged once: the same conflict comes back with every listing that shows it.
    expect(warnings).toEqual(['ignored a learned number that conflicts with a known one'])
    await model.learnCallLine('c1', LINE_B)
    await model.learnCallLine('c1', LINE_A)
    expect(model.lineIdForCall('c1')).toBe(LINE_B)
    expect(warnings).toHaveLength(2)
    // B's inbound message stays on B.
    const [change] = await model.applyMessageWebhook(webhook({ at: T0, linePhoneNumber: NUMBER_B }))
    expect(change).toMatchObject({ lineId: LINE_B })
    expect(model.queryMessages({}, [LINE_A])!.data.filter((m) => m.direction === 'inbound')).toEqual([])
  })

  it("stores a webhook on the line its event went to (the route's lookup), spelled as the model knows it", async () => {
    const model = createReadModel({ now: () => T0 })
    await model.applyMessageRecords([], { from: null, to: iso(T0) })
    // A number the model has not learned (the route knew it from the lineNumbers option).
    const [known] = await model.applyMessageWebhook(webhook({ at: T0, linePhoneNumber: NUMBER_B }), LINE_B)
    expect(known).toMatchObject({ lineId: LINE_B, provisional: true })
    await model.learnLineNumber(NUMBER_A, LINE_A.toUpperCase())
    const [spelled] = await model.applyMessageWebhook(webhook({ at: T0, linePhoneNumber: NUMBER_A }), LINE_A)
    expect(spelled).toMatchObject({ lineId: LINE_A.toUpperCase() })
  })

  it('indexes one-to-one and group threads apart: a chat… message is never in a one-to-one thread', async () => {
    const { model } = await coveredModel()
    await model.applyMessageRecords(
      [
        record({ at: T0 + 1, direction: 'outbound', to_number: CHAT, content: 'lunch?' }),
        record({ at: T0 + 2, direction: 'inbound', from_number: CARA, to_number: CHAT, content: 'yes' }),
        record({ at: T0 + 3, direction: 'inbound', from_number: CARA, content: 'just you' }),
        record({ at: T0 + 4, direction: 'outbound', to_number: CARA, content: 'ok' }),
      ],
      { from: iso(T0), to: iso(T0 + 10) },
    )
    expect(model.threadMessages({ chatId: CHAT }, [LINE_A]).map((m) => m.content)).toEqual(['lunch?', 'yes'])
    expect(model.threadMessages({ lineId: LINE_A, number: CARA }, [LINE_A]).map((m) => m.content)).toEqual([
      'just you',
      'ok',
    ])
    expect(model.threadMessages({ chatId: CHAT }, [LINE_B])).toEqual([])
    // The list itself keeps the service's semantics: from_number matches a group reply too.
    expect(model.queryMessages({ from_number: CARA }, [LINE_A])!.data.map((m) => m.content)).toEqual([
      'just you',
      'yes',
    ])
  })

  it("an outbound group message's webhook (destination: one participant) is replaced by the group's record", async () => {
    const { model } = await coveredModel()
    // spec: Message webhook payload — destination is "Phone number in E.164", not the chat id.
    const hook = webhook({ at: T0 + 10, direction: 'outbound', destination: CARA, message: 'lunch?' })
    const [provisional] = await model.applyMessageWebhook(hook)
    expect(provisional).toMatchObject({ provisional: true })
    const listed = record({ at: T0 + 5, direction: 'outbound', to_number: CHAT, content: 'lunch?' })
    const [change] = await model.applyMessageRecords([listed], { from: iso(T0), to: iso(T0 + 20) })
    expect(change).toMatchObject({ replaces: `lkw_${hook.guid}` })
    expect(model.threadMessages({ chatId: CHAT }, [LINE_A])).toEqual([listed])
    expect(model.threadMessages({ lineId: LINE_A, number: CARA }, [LINE_A])).toEqual([])
    // Listed first, webhook late: claimed, nothing added.
    const again = record({ at: T0 + 30, direction: 'outbound', to_number: CHAT, content: 'again' })
    await model.applyMessageRecords([again], { from: iso(T0), to: iso(T0 + 40) })
    const late = webhook({ at: T0 + 35, direction: 'outbound', destination: CARA, message: 'again' })
    expect(await model.applyMessageWebhook(late)).toEqual([])
    expect(model.threadMessages({ chatId: CHAT }, [LINE_A])).toEqual([listed, again])
  })

  it('a group send through this server: its webhooks (one per participant) make no one-to-one record; the listed group record does', async () => {
    const { model } = await coveredModel()
    // spec: send-group-message — numbers are normalized to E.164 by the service; the request may not be.
    await model.noteGroupSend(['(415) 555-0146', AVA], 'lunch?')
    for (const destination of [CARA, AVA]) {
      expect(
        await model.applyMessageWebhook(
          webhook({ at: T0 + 10, direction: 'outbound', destination, message: 'lunch?' }),
        ),
      ).toEqual([])
    }
    expect(model.threadMessages({ lineId: LINE_A, number: CARA }, [LINE_A])).toEqual([])
    expect(model.threadMessages({ lineId: LINE_A, number: AVA }, [LINE_A]).map((m) => m.content)).toEqual(['first'])
    const listed = record({ at: T0 + 5, direction: 'outbound', to_number: CHAT, content: 'lunch?' })
    const [change] = await model.applyMessageRecords([listed], { from: iso(T0), to: iso(T0 + 20) })
    expect(change).toMatchObject({ provisional: false, record: listed })
    expect(model.threadMessages({ chatId: CHAT }, [LINE_A])).toEqual([listed])
    // Other text to a participant is a one-to-one message: shown at once.
    const [direct] = await model.applyMessageWebhook(
      webhook({ at: T0 + 30, direction: 'outbound', destination: CARA, message: 'just you' }),
    )
    expect(direct).toMatchObject({ provisional: true, record: { to_number: CARA } })
  })

  it('a reply from a number seen in a group waits for the listing instead of showing in a one-to-one thread', async () => {
    const { model } = await coveredModel()
    await model.applyMessageRecords(
      [record({ at: T0 + 1, direction: 'inbound', from_number: CARA, to_number: CHAT, content: 'yes' })],
      { from: iso(T0), to: iso(T0 + 10) },
    )
    expect(await model.applyMessageWebhook(webhook({ at: T0 + 20, destination: CARA, message: 'me too' }))).toEqual([])
    expect(model.threadMessages({ lineId: LINE_A, number: CARA }, [LINE_A])).toEqual([])
    const [other] = await model.applyMessageWebhook(webhook({ at: T0 + 21, destination: AVA, message: 'hello' }))
    expect(other).toMatchObject({ provisional: true })
    const reply = record({ at: T0 + 19, direction: 'inbound', from_number: CARA, to_number: CHAT, content: 'me too' })
    await model.applyMessageRecords([reply], { from: iso(T0 + 10), to: iso(T0 + 30) })
    expect(model.threadMessages({ chatId: CHAT }, [LINE_A]).map((m) => m.content)).toEqual(['yes', 'me too'])
    expect(model.threadMessages({ lineId: LINE_A, number: CARA }, [LINE_A])).toEqual([])
  })

  it('learns call → line from events and call starts; an answered call whose ended was lost stays live', async () => {
    let now = T0
    const model = createReadModel({ now: () => now })
    const base = { call_uuid: 'c1', from: AVA, pb_line_id: LINE_A, linePhoneNumber: NUMBER_A, receivedAt: iso(T0) }
    const ringing: AudioCallEvent = {
      ...base,
      event: 'audiocall.inbound.ringing',
      direction: 'inbound',
      ringingAt: iso(T0),
    }
    await model.applyCallEvent(ringing)
    expect(model.lineIdForCall('c1')).toBe(LINE_A)
    expect(model.lineIdForNumber(NUMBER_A)).toBe(LINE_A)
    await model.learnCallLine('out-1', LINE_B)
    expect(model.lineIdForCall('out-1')).toBe(LINE_B)
    now += 1000
    await model.applyCallEvent({ ...base, event: 'audiocall.inbound.answered', answeredAt: iso(now) })
    expect(model.recentInboundCalls([LINE_A])).toMatchObject([{ callUuid: 'c1', state: 'answered' }])
    expect(model.recentInboundCalls([LINE_B])).toEqual([])
    // A status the contract does not name (not shown) ends nothing: the call stays live.
    expect(await model.applyCallStatus('c1', { call_status: 'in-progress' })).toEqual([])
    expect(await model.applyCallStatus('c1', { call_status: 'on_hold' })).toEqual([])
    expect(model.recentInboundCalls([LINE_A])).toMatchObject([{ callUuid: 'c1', state: 'answered', endStatus: null }])
    // The ended webhook is lost: a status poll ends it.
    const [ended] = await model.applyCallStatus('c1', { call_status: 'ended', endedAt: iso(now + 5000) })
    expect(ended).toMatchObject({ kind: 'call', call: { state: 'ended', endStatus: 'ended' } })
    // A late answered event never moves it back.
    await model.applyCallEvent({ ...base, event: 'audiocall.inbound.answered', answeredAt: iso(now) })
    expect(model.recentInboundCalls([LINE_A])[0]!.state).toBe('ended')
  })

  it('answers call-log lists from the newest page only where that is exact', async () => {
    const model = createReadModel({ now: () => T0 })
    expect(model.queryCallLogs({}, [LINE_A])).toBeUndefined()
    const log = (id: string, answered: string | null) => ({
      id,
      line_id: LINE_A,
      from_number: NUMBER_A,
      to_number: AVA,
      status: 'completed',
      disposition: null,
      transcript: null,
      duration_seconds: null,
      answered_at: answered,
      ended_at: null,
      recording_url: null,
    })
    // A full page of the newest: older ones may exist.
    await model.applyCallLogs([log('c3', iso(T0)), log('c2', null), log('c1', iso(T0 - 5000))], false)
    expect(model.queryCallLogs({ limit: 2 }, [LINE_A])!.data.map((l) => l.id)).toEqual(['c3', 'c2'])
    expect(model.queryCallLogs({ limit: 3 }, [LINE_A])).toBeUndefined()
    expect(model.queryCallLogs({ call_log_timestamp: 'asc', limit: 1 }, [LINE_A])).toBeUndefined()
    expect(model.queryCallLogs({ limit: 1, answered_at_gte: iso(T0 - 1) }, [LINE_A])).toBeUndefined()
    expect(model.queryCallLogs({ offset: 1950, limit: 51 }, [LINE_A])).toBeUndefined()
    await model.applyCallLogs([log('c3', iso(T0)), log('c2', null), log('c1', iso(T0 - 5000))], true)
    expect(model.queryCallLogs({ answered_at_lte: iso(T0 - 1) }, [LINE_A])!.data.map((l) => l.id)).toEqual(['c1'])
    expect(model.queryCallLogs({}, [LINE_B])!.data).toEqual([])
  })

  it('resumes from a checkpoint over the same store', async () => {
    const store = createMemoryModelStore()
    const first = createReadModel({ store, now: () => T0 })
    await first.applyMessageRecords([record({ at: T0, content: 'kept' })], { from: null, to: iso(T0) })
    await first.noteGroupSend([CARA, AVA], 'lunch?')
    await first.store.checkpoint()
    const second = createReadModel({ store, now: () => T0 })
    await second.ready()
    expect(second.queryMessages({}, [LINE_A])!.data.map((m) => m.content)).toEqual(['kept'])
    const groupHook = webhook({ at: T0, direction: 'outbound', destination: CARA, message: 'lunch?' })
    expect(await second.applyMessageWebhook(groupHook)).toEqual([])
    expect(second.coverage()).toEqual({ since: null, until: iso(T0) })
  })
})
