import { describe, expect, it } from 'vitest'
import { dialerReducer, initialDialerState, type DialerEvent, type DialerState } from './dialerMachine'

const rtc = { appId: 'a', channelName: 'c', token: 't', uid: 1 }
const run = (events: DialerEvent[], from: DialerState = initialDialerState) => events.reduce(dialerReducer, from)

describe('dialerReducer', () => {
  it('joins audio when rtc is given: idle → placing → connecting → connected → ended', () => {
    const phases: string[] = []
    let s = initialDialerState
    for (const e of [
      { type: 'PLACE', to: '+14155550100' },
      { type: 'PLACED', callUuid: 'u1', rtc },
      { type: 'AUDIO_CONNECTED', at: 1000 },
      { type: 'HANGUP', at: 5000 },
    ] as DialerEvent[]) {
      s = dialerReducer(s, e)
      phases.push(s.phase)
    }
    expect(phases).toEqual(['placing', 'connecting', 'connected', 'ended'])
    expect(s).toMatchObject({ callUuid: 'u1', connectedAt: 1000, endedAt: 5000, endStatus: 'hung_up' })
  })

  it('follows a device-only call (rtc null) by status: ringing → connected → ended', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc: null },
    ])
    expect(s).toMatchObject({ phase: 'ringing', audio: 'device' })
    const answered = dialerReducer(s, { type: 'STATUS', callStatus: 'answered', at: 10 })
    expect(answered).toMatchObject({ phase: 'connected', connectedAt: 10 })
    expect(dialerReducer(answered, { type: 'STATUS', callStatus: 'busy', at: 20 })).toMatchObject({
      phase: 'ended',
      endStatus: 'busy',
    })
  })

  it('an audio failure keeps following the call on the device', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc },
      { type: 'AUDIO_FAILED', error: new Error('denied') },
    ])
    expect(s).toMatchObject({ phase: 'ringing', audio: 'none', error: { source: 'audio' } })
    expect(dialerReducer(s, { type: 'AUDIO_CONNECTED', at: 3 })).toMatchObject({ phase: 'connected', error: undefined })
  })

  it('a failed placement returns to idle with the error and keeps the number', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACE_FAILED', error: 'x' },
    ])
    expect(s).toMatchObject({ phase: 'idle', to: '+1', error: { source: 'start', error: 'x' } })
  })

  it('ignores events that make no sense in the current phase', () => {
    expect(dialerReducer(initialDialerState, { type: 'HANGUP', at: 1 })).toBe(initialDialerState)
    const placing = run([{ type: 'PLACE', to: '+1' }])
    expect(dialerReducer(placing, { type: 'PLACE', to: '+2' })).toBe(placing)
    expect(dialerReducer(placing, { type: 'RESET' })).toBe(placing)
    const ended = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc: null },
      { type: 'STATUS', callStatus: 'no_answer', at: 1 },
    ])
    expect(dialerReducer(ended, { type: 'STATUS', callStatus: 'answered', at: 2 })).toBe(ended)
    expect(dialerReducer(ended, { type: 'RESET' })).toEqual(initialDialerState)
  })
})
