import { describe, expect, it } from 'vitest'
import {
  connectedSeconds,
  dialerReducer,
  initialDialerState,
  type DialerEvent,
  type DialerState,
} from './dialerMachine'

const rtc = { appId: 'a', channelName: 'c', token: 't', uid: 1 }
const run = (events: DialerEvent[], from: DialerState = initialDialerState) => events.reduce(dialerReducer, from)

describe('dialerReducer', () => {
  it('stays ringing while audio joins; connected only when the service reports answered', () => {
    const phases: string[] = []
    let s = initialDialerState
    for (const e of [
      { type: 'PLACE', to: '+14155550100' },
      { type: 'PLACED', callUuid: 'u1', rtc },
      { type: 'AUDIO_CONNECTED' },
      { type: 'STATUS', callStatus: 'ringing', at: 2000 },
      { type: 'STATUS', callStatus: 'answered', at: 3000 },
      { type: 'HANGUP', at: 6000 },
    ] as DialerEvent[]) {
      s = dialerReducer(s, e)
      phases.push(`${s.phase}/${s.audio}`)
    }
    expect(phases).toEqual([
      'placing/none',
      'ringing/joining',
      'ringing/joined',
      'ringing/joined',
      'connected/joined',
      'ended/none',
    ])
    expect(s).toMatchObject({ callUuid: 'u1', connectedAt: 3000, endedAt: 6000, endStatus: 'hung_up' })
    expect(connectedSeconds(s)).toBe(3)
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

  it('a call status the contract does not name never ends a live call; a named ending does', () => {
    const ringing = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc: null },
    ])
    for (const word of ['queued', 'initiated', 'in-progress', 'on_hold']) {
      expect(dialerReducer(ringing, { type: 'STATUS', callStatus: word, at: 5 })).toBe(ringing)
    }
    const connected = dialerReducer(ringing, { type: 'STATUS', callStatus: 'answered', at: 10 })
    for (const word of ['in-progress', 'on_hold', 'bridged']) {
      expect(dialerReducer(connected, { type: 'STATUS', callStatus: word, at: 15 })).toBe(connected)
    }
    // The call log's statuses (spec: CallLog) end an outbound call too.
    expect(dialerReducer(connected, { type: 'STATUS', callStatus: 'completed', at: 20 })).toMatchObject({
      phase: 'ended',
      endStatus: 'completed',
    })
  })

  it('an audio failure keeps following the call; a rejoin that connects clears the error', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc },
      { type: 'AUDIO_FAILED', error: new Error('offline') },
    ])
    expect(s).toMatchObject({ phase: 'ringing', audio: 'failed', error: { source: 'audio' } })
    const rejoined = run([{ type: 'AUDIO_JOINING' }, { type: 'AUDIO_CONNECTED' }], s)
    expect(rejoined).toMatchObject({ phase: 'ringing', audio: 'joined', error: undefined })
  })

  it('the ended duration uses the service’s answer and end times when the status carries them', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc },
      { type: 'STATUS', callStatus: 'answered', at: 1_000 },
      { type: 'HANGUP', at: 9_000 },
      {
        type: 'STATUS',
        callStatus: 'ended',
        at: 9_500,
        answeredAt: '2026-03-02T15:00:03.000Z',
        endedAt: '2026-03-02T15:00:06.400Z',
      },
    ])
    expect(s.phase).toBe('ended')
    expect(connectedSeconds(s)).toBe(3)
  })

  it('a call never answered has no duration', () => {
    const s = run([
      { type: 'PLACE', to: '+1' },
      { type: 'PLACED', callUuid: 'u', rtc },
      { type: 'HANGUP', at: 5 },
    ])
    expect(connectedSeconds(s)).toBeUndefined()
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
