/** Webhooks, listed records and what the model learns from them; one-to-one and group threads. */
import { describe, expect, it } from 'vitest'
import {
  AVA,
  CARA,
  CHAT,
  LINE_A,
  LINE_B,
  NUMBER_A,
  NUMBER_B,
  T0,
  coveredModel,
  iso,
  record,
  webhook,
} from '../../test/support/server/modelFixtures'
import { createReadModel } from './createReadModel'

describe('createReadModel: messages', () => {
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
    const held = model.threadMessages({ lineId: LINE_A, number: AVA }, [LINE_A])
    expect(held.filter((m) => m.content === 'Thanks!')).toHaveLength(3)
  })

  it('sends a page holding a recent outbound record not yet delivered to the service (its status moves with no webhook)', async () => {
    const { model, advance } = await coveredModel()
    const sent = record({ at: T0 + 1000, direction: 'outbound', content: 'On its way', status: 'pending' })
    await model.applyMessageRecords([sent], { from: iso(T0), to: iso(T0 + 2000) })
    advance(2000)
    const thread = { to_number: AVA, direction: 'outbound' }
    expect(model.queryMessages(thread, [LINE_A])).toBeUndefined()
    // A page without it is still the model's to answer.
    expect(model.queryMessages({ ...thread, created_at_lte: iso(T0) }, [LINE_A])?.data).toHaveLength(1)
    // Listed again as delivered: the model answers, with the service's word.
    await model.applyMessageRecords([{ ...sent, status: 'delivered' }], { from: iso(T0), to: iso(T0 + 3000) })
    expect(model.queryMessages(thread, [LINE_A])?.data.map((m) => [m.content, m.status])).toEqual([
      ['On its way', 'delivered'],
      ['first', 'delivered'],
    ])
    // A record that never moved on stops sending pages upstream once it is old.
    const stuck = record({ at: T0 + 4000, direction: 'outbound', content: 'Stuck', status: 'pending' })
    await model.applyMessageRecords([stuck], { from: iso(T0), to: iso(T0 + 5000) })
    expect(model.queryMessages(thread, [LINE_A])).toBeUndefined()
    advance(11 * 60_000)
    expect(model.queryMessages(thread, [LINE_A])?.data[0]).toMatchObject({ content: 'Stuck', status: 'pending' })
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
})
