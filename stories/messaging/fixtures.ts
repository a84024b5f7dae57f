/** Fixed data for the presentational messaging stories (no backend needed). */
import type { ThreadItem } from 'linekit'
import type { MessageRecord } from 'linekit/api'

type Record_ = MessageRecord

export const storyNow = new Date('2026-03-03T15:00:00Z')
export const storyDates = { locale: 'en-US', timeZone: 'UTC' } as const

let n = 0
/** A message record; ids are stable per call order. */
export function record(over: Partial<Record_> = {}): Record_ {
  n += 1
  const at = over.created_at ?? '2026-03-03T10:42:00Z'
  return {
    message_handle: `pbm_story_${n}`,
    content: 'See you at 6?',
    from_number: '+14155550124',
    to_number: '+14155550100',
    line_id: '9f1c2b9e-8d7a-4b8e-9c1d-2e3f4a5b6c7d',
    service: 'nativechat',
    direction: 'inbound',
    status: 'delivered',
    created_at: at,
    sent_at: at,
    media_attachment_url: null,
    voice_attachment_url: null,
    ...over,
  }
}

export const item = (over: Partial<Record_> = {}): ThreadItem => {
  const m = record(over)
  return { kind: 'message', key: m.message_handle, message: m }
}

/** `count` messages, one a minute, ending at storyNow; mixed directions, channels and lengths. */
export function thread(count: number): ThreadItem[] {
  const end = storyNow.getTime() - 60_000
  return Array.from({ length: count }, (_, i) => {
    const outbound = i % 3 === 0
    const at = new Date(end - (count - 1 - i) * 60_000 * 7).toISOString()
    return item({
      message_handle: `pbm_thread_${i}`,
      content: `Message ${i + 1} of ${count}. ` + 'More words to vary the height. '.repeat(i % 5),
      direction: outbound ? 'outbound' : 'inbound',
      service: i % 11 === 0 ? 'SMS' : 'nativechat',
      created_at: at,
      sent_at: at,
    })
  })
}
