/**
 * Every place where a person's or a customer's text meets a pattern runs in linear time: 100 KB of
 * the input that makes a backtracking pattern quadratic (a long run the pattern rescans from each
 * position) is handled in well under half a second. Linear code takes milliseconds (tens on a
 * loaded machine); 100 KB through a quadratic pattern is 10^10 steps, many seconds, so the bound
 * separates the two by an order of magnitude either way.
 */
import { cleanup, render } from '@testing-library/react'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { classify } from '../../mocks/service/dialerCallLogs'
import { normalizeOrNull } from '../../mocks/service/phoneNumbers'
import { PhoneNumberError, normalizePhone, tryNormalizePhone } from '../api/phone'
import { parseTranscript } from './calling/CallLogTable/csv'
import { looksLikeEmail } from './contacts/ContactCard/looksLikeEmail'
import type { MessageRecord } from './shared/types'
import { splitRecipients, toChips } from './shared/recipients'
import { MessageBubble } from './messaging/MessageBubble/MessageBubble'

const KB100 = 100_000
const BOUND_MS = 500

/**
 * Runs `work` three times and returns its last result with the fastest run's time. On a loaded
 * machine a run can be paused for tens of milliseconds; the fastest of three is the work's own
 * cost, while a quadratic pattern is slow on every run.
 */
function timed<T>(work: () => T): { result: T; ms: number } {
  let best = Infinity
  let result!: T
  for (let run = 0; run < 3; run++) {
    const start = performance.now()
    result = work()
    best = Math.min(best, performance.now() - start)
  }
  return { result, ms: best }
}

const normalize = (s: string) => tryNormalizePhone(s, 'US')

describe('linear-time handling of 100 KB adversarial text', () => {
  it.each([
    ['digits around a blank run', '1' + ' '.repeat(KB100) + '1'],
    ['a blank run before an extension marker without digits', '1' + ' '.repeat(KB100) + 'ext.'],
    ['a tel: URI with a blank run', 'tel:1' + '\t'.repeat(KB100) + '1'],
  ])('phone normalization: %s', (_, input) => {
    const { result, ms } = timed(() => tryNormalizePhone(input, 'US'))
    expect(result).toMatchObject({ ok: false, error: { code: 'too_long' } })
    expect(ms).toBeLessThan(BOUND_MS)
    expect(() => normalizePhone(input)).toThrow(PhoneNumberError)
    expect(timed(() => normalizeOrNull(input)).ms).toBeLessThan(BOUND_MS)
  })

  it('phone normalization still reads real numbers with spaces and extensions', () => {
    expect(tryNormalizePhone('  +1 (415) 555-2671  ', 'US')).toEqual({ ok: true, e164: '+14155552671' })
    expect(tryNormalizePhone('415 555 2671 ext. 12', 'US')).toMatchObject({ ok: true })
  })

  it.each([
    ['a run of < without >', '<'.repeat(KB100)],
    ['a run of <> pairs', '<>'.repeat(KB100 / 2)],
    ['a name with a blank run', 'Ann' + ' '.repeat(KB100) + '<+1 415 555 2671'],
    ['digits around a blank run', '1' + ' '.repeat(KB100) + '1'],
  ])('recipient paste: %s', (_, input) => {
    const { result, ms } = timed(() => toChips(splitRecipients(input, normalize), normalize))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result).toHaveLength(1)
  })

  it('recipient paste: one entry repeated across 100 KB is parsed once', () => {
    normalize('+1 415 555 2671') // the parser's first call loads its metadata
    const { result, ms } = timed(() => toChips(splitRecipients('1,'.repeat(KB100 / 2), normalize), normalize))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result).toEqual([expect.objectContaining({ raw: '1', merged: KB100 / 2 - 1 })])
  })

  it('recipient paste still takes the number in angle brackets', () => {
    expect(splitRecipients('Ann <+1 415 555 2671>, <> Bo <<+14155552672>>')).toEqual([
      '+1 415 555 2671',
      '<+14155552672',
    ])
  })

  it.each([
    ['a blank run before a carriage return', 'Agent:' + ' '.repeat(KB100) + 'x\ry'],
    ['a blank run before a line separator', 'Agent:' + ' '.repeat(KB100) + 'x\u2028y'],
  ])('call transcript: %s', (_, input) => {
    const { result, ms } = timed(() => parseTranscript(input))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result).toHaveLength(1)
  })

  it('call transcript still splits speaker labels', () => {
    expect(parseTranscript('Agent:   Hello\r\nhttps://x.example/a\n' + 'a'.repeat(41) + ': long')).toEqual([
      { speaker: 'Agent', text: 'Hello' },
      { speaker: undefined, text: 'https://x.example/a' },
      { speaker: undefined, text: 'a'.repeat(41) + ': long' },
    ])
  })

  it.each([
    ['a run of dots in the domain', 'a@a' + '.'.repeat(KB100) + ' '],
    ['a run of dots before a second @', 'a@' + '.'.repeat(KB100) + '@'],
  ])('contact e-mail check: %s', (_, input) => {
    const { result, ms } = timed(() => looksLikeEmail(input))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result).toBe(false)
  })

  it('contact e-mail check keeps its rule', () => {
    expect(looksLikeEmail('ann@example.com')).toBe(true)
    expect(looksLikeEmail('ann@example.')).toBe(false)
    expect(looksLikeEmail('ann@.com')).toBe(false)
    expect(looksLikeEmail('@example.com')).toBe(false)
    expect(looksLikeEmail('ann @example.com')).toBe(false)
  })

  it("the mock's call classifier: a long line of carriage returns", () => {
    const { result, ms } = timed(() => classify('answered', 'a\r'.repeat(KB100 / 2), 60))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result).toBe('answered')
    expect(classify('answered', 'Agent:\r\nContact:  \n', 60)).toBe('no_speech')
  })

  const record = (content: string): MessageRecord => ({
    message_handle: 'pbm_1',
    content,
    from_number: '+14155550100',
    to_number: '+14155550999',
    line_id: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d',
    service: 'nativechat',
    direction: 'inbound',
    status: 'delivered',
    created_at: '2026-03-03T10:42:00Z',
    sent_at: '2026-03-03T10:42:00Z',
    media_attachment_url: null,
    voice_attachment_url: null,
  })
  const bubble = (content: string) =>
    createElement(MessageBubble, { item: { kind: 'message', key: 'k', message: record(content) } })

  it.each([
    ['a link whose dots run to a letter', 'http://a' + '.'.repeat(KB100) + 'a'],
    ['a link whose path is a run of punctuation', 'see http://a.example/' + '!'.repeat(KB100) + '#'],
  ])('<MessageBubble> renders %s', (_, content) => {
    // Mount React and jsdom once, so the timing below is the message's own.
    render(bubble('warm up http://example.com.')).unmount()
    const { result, ms } = timed(() => {
      cleanup()
      return render(bubble(content))
    })
    expect(ms).toBeLessThan(BOUND_MS)
    expect(result.container).toHaveTextContent(content.slice(0, 40))
    // (Not getByRole: computing a 100 KB link's accessible name takes the testing library seconds.)
    expect(result.container.querySelector('a[href^="http://a"]')).not.toBeNull()
  })
})
