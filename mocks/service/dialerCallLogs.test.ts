import { describe, expect, it } from 'vitest'
import { callLogsListResponseSchema } from '../../src/api/schemas'
import { classify, completeCallLog, listCallLogs, recordAttempt, VERY_SHORT_CALL_SECONDS } from './dialerCallLogs'
import { MockHttpError } from './serviceErrors'
import { createMockClock, createMockCore } from './index'
import { seedAccountIds, seedLines, seedOtherLines } from './seed'
import type { Account } from './stateRecords'

function setup() {
  const clock = createMockClock({ now: '2026-01-15T12:00:00Z' })
  const { state } = createMockCore({ clock })
  const account = state.accounts.get(seedAccountIds.production) as Account
  const attempt = (to = '+14155550150', lineId: string = seedLines.main.lineId) =>
    recordAttempt(state, account, { lineId, to })
  return { state, clock, account, attempt }
}

function httpError(fn: () => unknown): MockHttpError {
  try {
    fn()
  } catch (error) {
    if (error instanceof MockHttpError) return error
    throw error
  }
  throw new Error('expected a MockHttpError')
}

describe('call logs', () => {
  it('an in-progress attempt carries every CallLog field with nulls', () => {
    const { state, account, attempt } = setup()
    attempt()
    const page = listCallLogs(state, account, {})
    expect(callLogsListResponseSchema.safeParse(page).success).toBe(true)
    expect(page.data[0]).toEqual({
      id: expect.stringMatching(/^cl_/),
      line_id: seedLines.main.lineId,
      from_number: seedLines.main.phoneNumber,
      to_number: '+14155550150',
      status: 'in-progress',
      disposition: null,
      transcript: null,
      duration_seconds: null,
      answered_at: null,
      ended_at: null,
      recording_url: null,
      created_at: '2026-01-15T12:00:00.000Z',
    })
    expect(page.pagination).toEqual({ limit: 100, offset: 0, total: 1 })
  })

  it('an answered call gets duration, transcript, recording, and its disposition only after the classification delay', () => {
    const { state, clock, account, attempt } = setup()
    const entry = attempt()
    clock.advance(100_000)
    completeCallLog(state, entry.id, {
      outcome: 'answered',
      durationSeconds: 90,
      transcript: 'Agent: Hello\nContact: Please call me back tomorrow.',
    })
    const [log] = listCallLogs(state, account, {}).data
    expect(log).toMatchObject({
      status: 'completed',
      duration_seconds: 90,
      transcript: 'Agent: Hello\nContact: Please call me back tomorrow.',
      answered_at: '2026-01-15T12:00:10.000Z',
      ended_at: '2026-01-15T12:01:40.000Z',
      recording_url: expect.stringMatching(/^https:\/\//),
      disposition: null,
    })
    clock.advance(29_999)
    expect(listCallLogs(state, account, {}).data[0]?.disposition).toBeNull()
    clock.advance(1)
    expect(listCallLogs(state, account, {}).data[0]?.disposition).toBe('callback_requested')
  })

  it.each([
    ['voicemail', 'completed', 'voicemail', true],
    ['busy', 'busy', 'busy', false],
    ['no-answer', 'no-answer', 'no_answer', false],
    ['failed', 'failed', 'unknown', false],
    ['canceled', 'canceled', 'no_answer', false],
  ] as const)('outcome %s → status %s, disposition %s, recording %s', (outcome, status, disposition, recording) => {
    const { state, clock, account, attempt } = setup()
    completeCallLog(state, attempt().id, { outcome })
    clock.advance(30_000)
    const [log] = listCallLogs(state, account, {}).data
    expect(log?.status).toBe(status)
    expect(log?.disposition).toBe(disposition)
    expect(log?.recording_url !== null).toBe(recording)
    if (!recording) {
      expect(log?.duration_seconds).toBeNull()
      expect(log?.answered_at).toBeNull()
    }
  })

  it('very short calls and calls without captured audio have no recording', () => {
    const { state, account, attempt } = setup()
    completeCallLog(state, attempt().id, { outcome: 'answered', durationSeconds: VERY_SHORT_CALL_SECONDS - 1 })
    completeCallLog(state, attempt().id, { outcome: 'answered', durationSeconds: 60, recorded: false })
    completeCallLog(state, attempt().id, { outcome: 'answered', durationSeconds: VERY_SHORT_CALL_SECONDS })
    const urls = listCallLogs(state, account, { call_log_timestamp: 'asc' }).data.map((l) => l.recording_url)
    expect(urls[0]).toBeNull()
    expect(urls[1]).toBeNull()
    expect(urls[2]).not.toBeNull()
  })

  it('a forced disposition wins over the classifier; completing twice is 409', () => {
    const { state, clock, account, attempt } = setup()
    const entry = attempt()
    completeCallLog(state, entry.id, { outcome: 'answered', disposition: 'meeting_scheduled' })
    clock.advance(30_000)
    expect(listCallLogs(state, account, {}).data[0]?.disposition).toBe('meeting_scheduled')
    expect(httpError(() => completeCallLog(state, entry.id, { outcome: 'busy' })).status).toBe(409)
    expect(httpError(() => completeCallLog(state, 'cl_nope', { outcome: 'busy' })).status).toBe(404)
  })

  it('the classifier reads the transcript', () => {
    expect(classify('answered', 'Contact: Sorry, wrong number.', 30)).toBe('wrong_number')
    expect(classify('answered', 'Contact: I am not interested.', 30)).toBe('not_interested')
    expect(classify('answered', 'Contact: Let us schedule a meeting.', 30)).toBe('meeting_scheduled')
    expect(classify('answered', 'Agent: Here are the pricing details.', 30)).toBe('information_provided')
    expect(classify('answered', 'Agent:\nContact:', 30)).toBe('no_speech')
    expect(classify('answered', 'Contact: Hello there.', 30)).toBe('answered')
  })

  it('sorts by created_at (default desc), pages with total, and bounds the window', () => {
    const { state, clock, account, attempt } = setup()
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push(attempt(`+1415555016${i}`).id)
      clock.advance(1_000)
    }
    expect(listCallLogs(state, account, {}).data.map((l) => l.id)).toEqual([...ids].reverse())
    expect(listCallLogs(state, account, { call_log_timestamp: 'asc' }).data.map((l) => l.id)).toEqual(ids)
    const page = listCallLogs(state, account, { limit: 2, offset: 1 })
    expect(page.data.map((l) => l.id)).toEqual([ids[3], ids[2]])
    expect(page.pagination).toEqual({ limit: 2, offset: 1, total: 5 })
    expect(httpError(() => listCallLogs(state, account, { limit: 100, offset: 1901 })).status).toBe(400)
    expect(listCallLogs(state, account, { limit: 100, offset: 1900 }).data).toEqual([])
    expect(httpError(() => listCallLogs(state, account, { limit: 0 })).status).toBe(400)
    expect(httpError(() => listCallLogs(state, account, { limit: 101 })).status).toBe(400)
  })

  it('pb_line_id filters by line and is 400 for a line of another user', () => {
    const { state, account, attempt } = setup()
    attempt('+14155550150', seedLines.main.lineId)
    attempt('+14155550151', seedLines.shared.lineId)
    const shared = listCallLogs(state, account, { pb_line_id: seedLines.shared.lineId })
    expect(shared.data.map((l) => l.to_number)).toEqual(['+14155550151'])
    expect(shared.data[0]?.line_id).toBe(seedLines.shared.lineId)
    expect(httpError(() => listCallLogs(state, account, { pb_line_id: seedOtherLines.crm.lineId })).status).toBe(400)
    expect(
      httpError(() => listCallLogs(state, account, { pb_line_id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(400)
  })

  it('answered_at bounds are inclusive, match only answered calls, and reject invalid dates', () => {
    const { state, clock, account, attempt } = setup()
    const a = attempt()
    const b = attempt()
    const c = attempt()
    clock.advance(60_000)
    completeCallLog(state, a.id, { outcome: 'answered', durationSeconds: 30 }) // answered 12:00:30
    completeCallLog(state, b.id, { outcome: 'busy' })
    clock.advance(60_000)
    completeCallLog(state, c.id, { outcome: 'answered', durationSeconds: 30 }) // answered 12:01:30
    const ids = (q: { answered_at_gte?: string; answered_at_lte?: string }) =>
      listCallLogs(state, account, { ...q, call_log_timestamp: 'asc' }).data.map((l) => l.id)
    expect(ids({ answered_at_gte: '2026-01-15T12:00:30Z' })).toEqual([a.id, c.id])
    expect(ids({ answered_at_gte: '2026-01-15T12:00:30.001Z' })).toEqual([c.id])
    expect(ids({ answered_at_lte: '2026-01-15T12:00:30Z' })).toEqual([a.id])
    expect(ids({ answered_at_gte: '2026-01-15T12:00:31Z', answered_at_lte: '2026-01-15T12:01:29Z' })).toEqual([])
    expect(httpError(() => listCallLogs(state, account, { answered_at_gte: 'yesterday' })).status).toBe(400)
  })

  it("lists only the caller's own attempts", () => {
    const { state, attempt } = setup()
    attempt()
    const crm = state.accounts.get(seedAccountIds.crm) as Account
    expect(listCallLogs(state, crm, {}).pagination.total).toBe(0)
  })

  it('connected minutes count toward the workspace and the line, rounded up', () => {
    const { state, account, attempt } = setup()
    completeCallLog(state, attempt().id, { outcome: 'answered', durationSeconds: 61 })
    completeCallLog(state, attempt().id, { outcome: 'busy' })
    expect(account.dialer.usedMinutes).toBe(2)
    expect(state.lines.get(seedLines.main.lineId)?.usedMinutesToday).toBe(2)
  })
})
