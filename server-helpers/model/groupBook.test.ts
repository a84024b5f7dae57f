import { describe, expect, it } from 'vitest'
import type { MessageRecord } from '../../src/api'
import { GroupBook, groupMembersOf } from './groupBook'

const record = (over: Partial<MessageRecord>): MessageRecord => ({
  message_handle: 'pbm_1',
  content: 'Lunch?',
  from_number: '+14155550100',
  to_number: 'chat123',
  line_id: 'line-1',
  service: 'nativechat',
  direction: 'outbound',
  status: 'delivered',
  created_at: new Date(10_000).toISOString(),
  sent_at: new Date(10_000).toISOString(),
  media_attachment_url: null,
  voice_attachment_url: null,
  ...over,
})

describe('GroupBook', () => {
  it('ties a group-send answer to the listed chat with its text, closest in time', () => {
    const book = new GroupBook(60_000)
    book.noteAnswer({ recipients: ['+14155550101', '+14155550102'], name: 'Ops', content: 'Lunch?', at: 9_000 }, [])
    book.applyRecord(record({ content: 'Other' }))
    expect(book.list(new Set(['line-1']))).toEqual([])
    book.applyRecord(record({}))
    expect(book.list(new Set(['line-1']))).toEqual([
      { chatId: 'chat123', lineId: 'line-1', participants: ['+14155550101', '+14155550102'], name: 'Ops', at: 9_000 },
    ])
    expect(book.list(new Set(['line-2']))).toEqual([])
    // spec: groupName is honored only when the group is created — a reuse keeps the name.
    book.noteAnswer({ recipients: ['+14155550101', '+14155550102'], name: null, content: 'Again', at: 20_000 }, [
      record({ message_handle: 'pbm_2', content: 'Again', created_at: new Date(20_500).toISOString() }),
    ])
    expect(book.list(new Set(['line-1']))[0]).toMatchObject({ name: 'Ops', at: 20_000 })
  })

  it('learns members only from an answer that lists the request’s own numbers', () => {
    const body = { numbers: ['4155550101', '+1 415 555 0102'] }
    expect(groupMembersOf(body, { recipients: ['+14155550101', '+14155550102'] })).toEqual([
      '+14155550101',
      '+14155550102',
    ])
    // A replayed answer carries the earlier send's data (spec: Group-send response): other numbers teach nothing.
    expect(groupMembersOf(body, { recipients: ['+14155550101', '+14155550199'] })).toBeNull()
    expect(groupMembersOf(body, { recipients: 'nope' })).toBeNull()
  })
})
