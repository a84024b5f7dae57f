/** The read model answers the lists only where it is exact, within the user's lines; calls; checkpoints. */
import { describe, expect, it } from 'vitest'
import type { AudioCallEvent } from '../../src/api'
import {
  AVA,
  CARA,
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
import { createMemoryModelStore } from './memoryModelStore'
import { createReadModel } from './createReadModel'

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

  it('keeps at most bytesPerLine of records per line, whatever their count: long texts push the oldest out', async () => {
    const model = createReadModel({ now: () => T0, retention: { bytesPerLine: 200_000 } })
    const long = 'x'.repeat(60_000)
    await model.applyMessageRecords(
      Array.from({ length: 10 }, (_, i) => record({ at: T0 + i, content: `${i}${long}` })),
      { from: null, to: iso(T0 + 10) },
    )
    // Ten 60 KB texts against a 200 KB cap: the newest three stay, and the line is covered only after them.
    const kept = model.queryMessages({ created_at_gte: iso(T0 + 7) }, [LINE_A])!.data
    expect(kept.map((m) => m.content[0])).toEqual(['9', '8', '7'])
    expect(model.state.messages.all).toHaveLength(3)
    expect(model.coverage([LINE_A])!.since).toBe(iso(T0 + 7))
    // One record larger than the cap still stays: the newest message is never dropped.
    await model.applyMessageRecords([record({ at: T0 + 20, content: 'y'.repeat(300_000) })], {
      from: iso(T0 + 10),
      to: iso(T0 + 30),
    })
    expect(model.state.messages.all.map((e) => e.record.content[0])).toEqual(['y'])
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
