import { describe, expect, it } from 'vitest'
import type { MessageRecord } from '../../api'
import { reconcileOptimistic } from './reconcile'

const rec = (
  handle: string,
  content: string,
  created_at: string,
  over: Partial<MessageRecord> = {},
): MessageRecord => ({
  message_handle: handle,
  content,
  from_number: '+14155550100',
  to_number: '+14155550124',
  line_id: 'line-1',
  service: 'nativechat',
  direction: 'outbound',
  status: 'delivered',
  created_at,
  sent_at: created_at,
  media_attachment_url: null,
  voice_attachment_url: null,
  ...over,
})

describe('reconcileOptimistic', () => {
  it('matches on destination (E.164-wise), text and a time after the floor', () => {
    const records = [rec('pbm_old', 'ok', '2026-01-01T10:00:00Z'), rec('pbm_new', 'ok', '2026-01-01T10:05:00Z')]
    const m = reconcileOptimistic(records, [
      {
        localId: 'a',
        phone: '+1 (415) 555-0124',
        text: 'ok',
        createdAt: '2026-01-01T10:04:59Z',
        serverFloor: '2026-01-01T10:00:00Z',
        knownHandles: new Set(['pbm_old']),
      },
    ])
    expect([...m]).toEqual([['a', 'pbm_new']])
  })

  it('never matches inbound records, another destination, other text or another line', () => {
    const records = [
      rec('pbm_in', 'ok', '2026-01-01T10:05:00Z', { direction: 'inbound' }),
      rec('pbm_other', 'ok', '2026-01-01T10:05:00Z', { to_number: '+14155550137' }),
      rec('pbm_text', 'okay', '2026-01-01T10:05:00Z'),
      rec('pbm_line', 'ok', '2026-01-01T10:05:00Z', { line_id: 'line-2' }),
    ]
    const m = reconcileOptimistic(records, [
      { localId: 'a', phone: '+14155550124', lineId: 'line-1', text: 'ok', createdAt: '2026-01-01T10:05:00Z' },
    ])
    expect(m.size).toBe(0)
  })

  it('gives two identical quick sends their own records, oldest first, and respects claimed handles', () => {
    const records = [rec('pbm_1', 'ok', '2026-01-01T10:05:00Z'), rec('pbm_2', 'ok', '2026-01-01T10:05:01Z')]
    const sends = [
      { localId: 'b', phone: '+14155550124', text: 'ok', createdAt: '2026-01-01T10:05:00.500Z' },
      { localId: 'a', phone: '+14155550124', text: 'ok', createdAt: '2026-01-01T10:05:00.100Z' },
    ]
    expect([...reconcileOptimistic(records, sends)].sort()).toEqual([
      ['a', 'pbm_1'],
      ['b', 'pbm_2'],
    ])
    // Only the first record is listed yet, and it already confirmed send a: b must stay pending.
    expect(reconcileOptimistic([records[0]!], [sends[0]!], { claimed: new Set(['pbm_1']) }).size).toBe(0)
  })

  it('does not take an old identical message from history as this send', () => {
    const records = [rec('pbm_hist', 'ok', '2025-06-01T10:00:00Z')]
    // Without a floor (thread not loaded when sending), the client clock with a skew allowance decides.
    expect(
      reconcileOptimistic(records, [
        { localId: 'a', phone: '+14155550124', text: 'ok', createdAt: '2026-01-01T10:00:00Z' },
      ]).size,
    ).toBe(0)
    // With a floor, anything older than the floor is history.
    expect(
      reconcileOptimistic(records, [
        {
          localId: 'a',
          phone: '+14155550124',
          text: 'ok',
          createdAt: '2025-06-01T10:00:00Z',
          serverFloor: '2025-06-01T10:00:01Z',
        },
      ]).size,
    ).toBe(0)
  })
})
