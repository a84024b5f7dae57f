import { describe, expect, it } from 'vitest'
import { createInboundCallStore } from './inboundCallStore'
import { createMemoryEventSource } from './createMemoryEventSource'
import type { LinekitEvent } from './LinekitEventSource'
import type { InboundCallItem } from '../api/inboundCalls'
import { mergeServerHistory } from './mergeServerHistory'

const base = {
  from: '+14155550124',
  pb_line_id: 'line',
  linePhoneNumber: '+14155550100',
  receivedAt: '2026-01-01T00:00:00Z',
}
const ringing = (id: string): LinekitEvent => ({
  id: `r-${id}`,
  type: 'audiocall.inbound.ringing',
  data: {
    ...base,
    event: 'audiocall.inbound.ringing',
    call_uuid: id,
    direction: 'inbound',
    ringingAt: '2026-01-01T00:00:00Z',
  },
})
const ended = (id: string): LinekitEvent => ({
  id: `e-${id}`,
  type: 'audiocall.inbound.ended',
  data: {
    ...base,
    event: 'audiocall.inbound.ended',
    call_uuid: id,
    status: 'no_answer',
    answeredAt: null,
    endedAt: '2026-01-01T00:01:00Z',
  },
})

describe('inbound-call store', () => {
  it('queues ringing calls oldest first, ignores repeats, and never resurrects an ended call', () => {
    const store = createInboundCallStore()
    store.applyEvent(ringing('a'))
    store.applyEvent(ringing('b'))
    store.applyEvent(ringing('a'))
    expect(store.getSnapshot().calls.map((c) => c.callUuid)).toEqual(['a', 'b'])
    store.applyEvent({
      id: 'x',
      type: 'audiocall.inbound.answered',
      data: { ...base, event: 'audiocall.inbound.answered', call_uuid: 'a', answeredAt: '2026-01-01T00:00:05Z' },
    })
    expect(store.getSnapshot().calls[0]!.state).toBe('answered')
    store.applyEvent(ended('a'))
    expect(store.getSnapshot().calls.map((c) => c.callUuid)).toEqual(['b'])
    store.applyEvent(ringing('a'))
    expect(store.ringing()).toEqual(['b'])
    // An `ended` that arrives before its `ringing` (out of order) still wins.
    store.applyEvent(ended('c'))
    store.applyEvent(ringing('c'))
    expect(store.ringing()).toEqual(['b'])
  })

  it('applies call-status polls (a lost ended webhook still clears the call)', () => {
    const store = createInboundCallStore()
    store.applyEvent(ringing('a'))
    store.applyStatus({ call_uuid: 'a', call_status: 'ringing' })
    expect(store.ringing()).toEqual(['a'])
    store.applyStatus({ call_uuid: 'a', call_status: 'voicemail' })
    expect(store.getSnapshot().calls).toEqual([])
  })

  it('a call status the contract does not name leaves a live call as it is (never an ending)', () => {
    const store = createInboundCallStore()
    store.applyEvent(ringing('a'))
    store.applyEvent(ringing('b'))
    store.markAnswered('b')
    for (const status of ['in-progress', 'connecting', 'on_hold']) {
      store.applyStatus({ call_uuid: 'a', call_status: status })
      store.applyStatus({ call_uuid: 'b', call_status: status })
    }
    expect(store.getSnapshot().calls.map((c) => [c.callUuid, c.state])).toEqual([
      ['a', 'ringing'],
      ['b', 'answered'],
    ])
    expect(store.ringing()).toEqual(['a'])
    expect(store.getSnapshot().history.find((r) => r.callUuid === 'a')).toMatchObject({ ended: false })
    // A named ending still ends it.
    store.applyStatus({ call_uuid: 'b', call_status: 'ended' })
    expect(store.getSnapshot().calls.map((c) => c.callUuid)).toEqual(['a'])
  })

  it('memory source delivers synchronously and reports status', () => {
    const source = createMemoryEventSource()
    const got: string[] = []
    const statuses: string[] = []
    source.onStatus((s) => statuses.push(s))
    const off = source.subscribe((e) => got.push(e.id))
    source.emit(ringing('a'))
    source.setStatus('reconnecting')
    source.setStatus('open')
    off()
    source.emit(ringing('b'))
    expect(got).toEqual(['r-a'])
    expect(statuses).toEqual(['open', 'reconnecting', 'open'])
  })

  it('keeps a history of how each call went: missed, declined, answered here, answered elsewhere', () => {
    const store = createInboundCallStore()
    const answered = (id: string): LinekitEvent => ({
      id: `a-${id}`,
      type: 'audiocall.inbound.answered',
      data: { ...base, event: 'audiocall.inbound.answered', call_uuid: id, answeredAt: '2026-01-01T00:00:05Z' },
    })
    for (const id of ['missed', 'declined', 'here', 'elsewhere']) store.applyEvent(ringing(id))
    store.applyEvent(ended('missed'))
    store.claim('declined')
    store.markEnded('declined', 'declined')
    store.claim('here')
    store.applyEvent(answered('here')) // the event may beat the answer's own response
    store.markAnswered('here')
    store.applyEvent(answered('elsewhere'))
    const outcomes = Object.fromEntries(store.getSnapshot().history.map((r) => [r.callUuid, r.outcome]))
    expect(outcomes).toEqual({
      missed: 'missed',
      declined: 'declined',
      here: 'answered',
      elsewhere: 'answered_elsewhere',
    })
    expect(store.getSnapshot().history.map((r) => r.callUuid)).toEqual(['elsewhere', 'here', 'declined', 'missed'])
    store.acknowledge('missed')
    expect(store.getSnapshot().history.find((r) => r.callUuid === 'missed')?.acknowledged).toBe(true)
  })
})

describe('inbound-call store: the server history (GET <prefix>/calls/inbound)', () => {
  const item = (id: string, patch: Partial<InboundCallItem> = {}): InboundCallItem => ({
    call_uuid: id,
    pb_line_id: 'line',
    from: '+14155550124',
    linePhoneNumber: '+14155550100',
    state: 'ended',
    status: 'no_answer',
    ringingAt: '2025-12-31T23:00:00Z',
    answeredAt: null,
    endedAt: '2025-12-31T23:01:00Z',
    ...patch,
  })

  it('adds the calls that rang before the page loaded, newest first, with no notice for the ended ones', () => {
    const store = createInboundCallStore()
    store.applyEvent(ringing('live'))
    store.updateHistory(
      mergeServerHistory([
        item('old-missed'),
        item('old-answered', {
          status: 'ended',
          answeredAt: '2025-12-31T22:00:10Z',
          ringingAt: '2025-12-31T22:00:00Z',
        }),
        item('old-declined', { status: 'declined', ringingAt: '2025-12-31T21:00:00Z' }),
        item('still-ringing', { state: 'ringing', status: null, endedAt: null, ringingAt: '2025-12-31T23:30:00Z' }),
      ]),
    )
    const history = store.getSnapshot().history
    expect(history.map((r) => [r.callUuid, r.outcome, r.ended, r.acknowledged])).toEqual([
      ['live', 'ringing', false, false],
      ['still-ringing', 'ringing', false, false],
      ['old-missed', 'missed', true, true],
      ['old-answered', 'answered', true, true],
      ['old-declined', 'declined', true, true],
    ])
    // A call the server says still rings is polled like one that rang here.
    expect(store.ringing().sort()).toEqual(['live', 'still-ringing'])
    // A late `ringing` of a call that had ended before the page loaded does not bring it back.
    store.applyEvent(ringing('old-missed'))
    expect(store.getSnapshot().calls.map((c) => c.callUuid)).toEqual(['live'])
  })

  it('keeps what this page saw of its own calls, and ends the ones the server says have ended', () => {
    const store = createInboundCallStore()
    for (const id of ['here', 'gone', 'same']) store.applyEvent(ringing(id))
    store.claim('here')
    store.markAnswered('here')
    const before = store.getSnapshot()
    store.updateHistory(
      mergeServerHistory([item('same', { state: 'ringing', status: null, endedAt: null, ringingAt: base.receivedAt })]),
    )
    expect(store.getSnapshot()).toBe(before)
    store.updateHistory(
      mergeServerHistory([
        item('here', { state: 'answered', status: null, answeredAt: '2026-01-01T00:00:05Z', endedAt: null }),
        item('gone', { ringingAt: base.receivedAt }),
      ]),
    )
    const outcomes = Object.fromEntries(store.getSnapshot().history.map((r) => [r.callUuid, [r.outcome, r.ended]]))
    expect(outcomes).toEqual({ here: ['answered', false], gone: ['missed', true], same: ['ringing', false] })
    // Its missed notice stands: this page saw it ring.
    expect(store.getSnapshot().history.find((r) => r.callUuid === 'gone')?.acknowledged).toBe(false)
  })
})
