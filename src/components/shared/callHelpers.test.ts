import { describe, expect, it } from 'vitest'
import { LinekitError } from '../../api/errors'
import type { CallLog } from '../../api/schemas'
import { callLogsToCsv, parseTranscript } from '../calling/CallLogTable/csv'
import { formatDuration } from './format'
import { describeMintError, nextMidnightUtc } from '../calling/Dialer/mintError'

const log = (over: Partial<CallLog> = {}): CallLog => ({
  id: 'c1',
  line_id: null,
  from_number: '+14155550100',
  to_number: '+14155550199',
  status: 'completed',
  disposition: null,
  transcript: null,
  duration_seconds: 65,
  answered_at: '2026-01-01T10:00:00.000Z',
  ended_at: '2026-01-01T10:01:05.000Z',
  recording_url: null,
  ...over,
})

describe('callLogsToCsv', () => {
  it('writes a header and one quoted-as-needed row per call, E.164 kept verbatim', () => {
    const csv = callLogsToCsv([log({ transcript: 'Agent: Hi, "Bob"\nCustomer: yes, hi' })])
    const [header, row] = csv.split('\r\n')
    expect(header).toBe(
      'id,line_id,from_number,to_number,status,disposition,duration_seconds,answered_at,ended_at,recording_url,transcript',
    )
    expect(row).toContain('c1,,+14155550100,+14155550199,completed,,65,')
    expect(csv).toContain('"Agent: Hi, ""Bob""\nCustomer: yes, hi"')
  })
  it('neutralises spreadsheet formulas', () => {
    const csv = callLogsToCsv([log({ transcript: '=HYPERLINK("http://evil")', status: '+1+1' })])
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(csv).toContain(",'+1+1,")
  })
})

describe('parseTranscript', () => {
  it('splits speaker labels and keeps unlabelled lines', () => {
    expect(parseTranscript('Agent: Hello\n\nCustomer: Hi there\nmumbling')).toEqual([
      { speaker: 'Agent', text: 'Hello' },
      { speaker: 'Customer', text: 'Hi there' },
      { speaker: undefined, text: 'mumbling' },
    ])
  })
})

describe('format', () => {
  it('durations', () => {
    expect(formatDuration(5)).toBe('0:05')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3725)).toBe('1:02:05')
    // A media element's duration before its metadata loads (NaN), or of a stream (Infinity).
    expect(formatDuration(Number.NaN)).toBe('0:00')
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00')
    expect(formatDuration(-3)).toBe('0:00')
  })
})

describe('describeMintError', () => {
  it('reads the cap body and the rate-limit wait', () => {
    const cap = new LinekitError({
      status: 402,
      code: 'dialer_cap_reached',
      message: 'cap',
      sdkCode: 'cap_reached',
      body: {
        error: 'cap',
        code: 'dialer_cap_reached',
        used: 100,
        included: 100,
        cap: 120,
        periodEnd: '2026-01-02T00:00:00.000Z',
      },
    })
    expect(describeMintError(cap)).toMatchObject({
      code: 'cap_reached',
      used: 100,
      included: 100,
      cap: 120,
      resetsAt: '2026-01-02T00:00:00.000Z',
      retryable: false,
    })
    const rl = new LinekitError({
      status: 429,
      code: 'rate_limited',
      message: 'slow',
      sdkCode: 'rate_limited',
      retryAfterSeconds: 17,
    })
    expect(describeMintError(rl)).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 17, retryable: true })
  })
  it('a proxy 502 without sdkCode is token_unavailable and retryable', () => {
    expect(describeMintError(new LinekitError({ status: 502, code: 'bad_gateway', message: 'x' }))).toMatchObject({
      code: 'token_unavailable',
      retryable: true,
    })
  })
  it('midnight UTC', () => {
    expect(nextMidnightUtc(Date.parse('2026-03-04T22:10:00Z'))).toBe('2026-03-05T00:00:00.000Z')
  })
})
