import { describe, expect, it } from 'vitest'
import { tryNormalizePhone } from '../../api/phone'
import { describeLinekitError, enrollErrorRule, groupErrorRule, isNoConnection, serviceSaid } from './errorMessages'
import { groupThreadByDay } from '../messaging/MessageList/groupByDay'
import { splitRecipients, toChips } from './recipients'
import type { ThreadItem } from './types'
import { attachmentKind, safeHttpUrl } from './url'

const normalize = (s: string) => tryNormalizePhone(s, 'US')

describe('safeHttpUrl / attachmentKind', () => {
  it('keeps only absolute http(s) URLs', () => {
    expect(safeHttpUrl('https://a.example/x.png')).toBe('https://a.example/x.png')
    expect(safeHttpUrl('http://a.example/x')).toBe('http://a.example/x')
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/png;base64,xx',
      '/relative.png',
      'ftp://a/b',
      '',
      null,
      undefined,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull()
    }
  })
  it('guesses kinds by extension', () => {
    expect(attachmentKind('https://a/x.JPG?size=2')).toBe('image')
    expect(attachmentKind('https://a/x.mov')).toBe('video')
    expect(attachmentKind('https://a/x.vcf')).toBe('contact')
    expect(attachmentKind('https://a/x.m4a')).toBe('audio')
    expect(attachmentKind('https://a/download')).toBe('file')
  })
})

describe('groupThreadByDay', () => {
  const at = (key: string, iso: string): ThreadItem => ({
    kind: 'message',
    key,
    message: {
      message_handle: key,
      content: key,
      from_number: '',
      to_number: '',
      line_id: '',
      service: 'SMS',
      direction: 'inbound',
      status: 'delivered',
      created_at: iso,
      sent_at: iso,
      media_attachment_url: null,
      voice_attachment_url: null,
    },
  })
  it('inserts one separator per day, labelled Today / Yesterday / a date', () => {
    const rows = groupThreadByDay(
      [
        at('a', '2026-03-01T09:00:00Z'),
        at('b', '2026-03-01T23:00:00Z'),
        at('c', '2026-03-02T08:00:00Z'),
        at('d', '2026-03-03T08:00:00Z'),
      ],
      new Date('2026-03-03T12:00:00Z'),
      { today: 'Today', yesterday: 'Yesterday' },
      { locale: 'en-US', timeZone: 'UTC' },
    )
    expect(rows.map((r) => (r.kind === 'day' ? `[${r.label}]` : r.key))).toEqual([
      '[Sunday, March 1, 2026]',
      'a',
      'b',
      '[Yesterday]',
      'c',
      '[Today]',
      'd',
    ])
  })
  it('groups by the given time zone', () => {
    const rows = groupThreadByDay(
      [at('a', '2026-03-01T23:30:00Z'), at('b', '2026-03-02T00:30:00Z')],
      new Date('2026-03-10T00:00:00Z'),
      { today: 'T', yesterday: 'Y' },
      { timeZone: 'America/Los_Angeles' },
    )
    expect(rows.filter((r) => r.kind === 'day')).toHaveLength(1)
  })
  it('splits days at local midnight in a zone off by quarter hours (Kathmandu, UTC+05:45)', () => {
    // 18:14Z is 23:59 there, 18:15Z is 00:00 the next day; 18:29Z is still that next day.
    const rows = groupThreadByDay(
      [
        at('a', '2026-03-01T18:00:00Z'),
        at('b', '2026-03-01T18:14:59Z'),
        at('c', '2026-03-01T18:15:00Z'),
        at('d', '2026-03-01T18:29:00Z'),
      ],
      new Date('2026-03-10T00:00:00Z'),
      { today: 'T', yesterday: 'Y' },
      { locale: 'en-US', timeZone: 'Asia/Kathmandu' },
    )
    expect(rows.map((r) => (r.kind === 'day' ? `[${r.day}]` : r.key))).toEqual([
      '[2026-03-01]',
      'a',
      'b',
      '[2026-03-02]',
      'c',
      'd',
    ])
  })
  it('keeps unparsable timestamps apart from real days', () => {
    const rows = groupThreadByDay(
      [at('a', 'not a date'), at('b', '2026-03-01T10:00:00Z')],
      new Date('2026-03-10T00:00:00Z'),
      { today: 'T', yesterday: 'Y' },
      { timeZone: 'UTC' },
    )
    expect(rows.map((r) => (r.kind === 'day' ? `[${r.day}]` : r.key))).toEqual(['[invalid]', 'a', '[2026-03-01]', 'b'])
  })
})

describe('recipient parsing', () => {
  it('splits lists in any format and merges duplicates after normalization', () => {
    const entries = splitRecipients(
      '+1 (415) 555-2671, 415.555.2671\n"Ann" <+14155552672>; 4155552673 | not-a-number',
      normalize,
    )
    expect(entries).toEqual(['+1 (415) 555-2671', '415.555.2671', '+14155552672', '4155552673', 'not-a-number'])
    const chips = toChips(entries, normalize)
    expect(chips.map((c) => c.e164 ?? `!${c.raw}`)).toEqual([
      '+14155552671',
      '+14155552672',
      '+14155552673',
      '!not-a-number',
    ])
    expect(chips[0]?.merged).toBe(1)
    expect(chips[3]?.error).toMatch(/not a phone number/i)
  })
  it('splits space-separated numbers only when each part is a number', () => {
    expect(splitRecipients('+14155552671 +14155552672', normalize)).toEqual(['+14155552671', '+14155552672'])
    expect(splitRecipients('+1 415 555 2671', normalize)).toEqual(['+1 415 555 2671'])
  })
})

describe('isNoConnection', () => {
  it('is a request that got no answer, never a refusal of the service', () => {
    expect(isNoConnection({ status: 0, code: 'network_error', message: 'x' })).toBe(true)
    expect(isNoConnection({ status: 0, code: 'timeout', message: 'x' })).toBe(true)
    expect(isNoConnection(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNoConnection({ status: 0, code: 'invalid_request', message: 'bad phone' })).toBe(false)
    expect(isNoConnection({ status: 400, code: 'invalid_request', message: 'network is invalid' })).toBe(false)
    expect(isNoConnection({ status: 503, message: 'x' })).toBe(false)
    expect(isNoConnection(null)).toBe(false)
    // The generic sentence agrees with it.
    expect(describeLinekitError({ status: 0, code: 'network_error', message: 'x' }, 'load')).toMatch(/connection/)
  })
})

describe('describeLinekitError', () => {
  it('explains refusals per operation, never with the service internals or hint', () => {
    expect(describeLinekitError({ status: 400, message: 'effect not allowed on SMS' }, 'send')).toBe(
      'The service refused this message. It said: “effect not allowed on SMS”',
    )
    expect(
      describeLinekitError({ status: 403, message: 'group sending unavailable on trial' }, groupErrorRule()),
    ).toMatch(/not available on trial accounts, or one or more recipients are blocked\. It said: “group sending/)
    expect(describeLinekitError({ status: 409, message: 'x' }, enrollErrorRule())).toMatch(/already has an active run/)
    expect(describeLinekitError({ status: 403, message: 'x' }, enrollErrorRule())).toMatch(/opted out/)
    expect(describeLinekitError({ status: 404, message: 'x' }, enrollErrorRule())).toMatch(/not published/)
    expect(describeLinekitError({ status: 429, retryAfterSeconds: 30, message: 'x' }, 'send')).toBe(
      'Too many requests. Try again in 30 seconds.',
    )
    expect(describeLinekitError({ status: 401, message: 'x', hint: 'Sign in again.' }, 'load')).toBe(
      'You are not signed in, or your session has expired.',
    )
    // What the service said, never its hint.
    expect(
      describeLinekitError(
        { status: 400, code: 'invalid_phone', message: 'phone is not valid', hint: 'Use E.164' },
        'send',
      ),
    ).toBe('The service refused this message. It said: “phone is not valid”')
    const internal = describeLinekitError(
      { status: 400, message: 'fault injected', hint: 'Set through POST /__mock/faults' },
      'load',
    )
    expect(internal).toBe('The request was refused as invalid.')
    expect(describeLinekitError({ status: 0, code: 'network_error', message: 'Failed to fetch' }, 'load')).toMatch(
      /Could not reach/,
    )
  })

  it('a send refusal the contract gives no code for says what the service said, not a guess from its words', () => {
    // The words "trial", "line", "effect" no longer pick a sentence: a blocked recipient is not a trial line.
    expect(describeLinekitError({ status: 403, message: 'forbidden' }, 'send')).toBe(
      'This message was refused: the recipient may be blocked, or your plan does not allow it. It said: “forbidden”',
    )
    expect(describeLinekitError({ status: 403, message: 'Trial accounts cannot pick a line' }, 'send')).not.toMatch(
      /Send without picking one/,
    )
    // Read from the body when the error carries one: the client's own fallback text is not the service's.
    const linekitLike = { status: 400, message: 'The service answered 400', body: { error: { message: 'No.' } } }
    expect(describeLinekitError(linekitLike, 'send')).toBe('The service refused this message. It said: “No.”')
    expect(describeLinekitError({ ...linekitLike, body: undefined }, 'send')).toBe('The service refused this message.')
    // Never internals: markup, JSON, URLs, paths, stacks, the mock's controls.
    for (const message of [
      '<html>Bad</html>',
      '{"x":1}',
      'see https://internal.example/x',
      'Set through POST /__mock/faults',
      'TypeError: x is undefined',
      'x'.repeat(200),
    ]) {
      expect(serviceSaid({ status: 400, message })).toBeUndefined()
      expect(describeLinekitError({ status: 400, message }, 'send')).toBe('The service refused this message.')
    }
  })
})
